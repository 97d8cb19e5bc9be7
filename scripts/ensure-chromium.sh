#!/usr/bin/env bash
# Installs Debian's Chromium when it is missing (the e2e suite drives /usr/bin/chromium).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Chromium no está instalado: ejecutá 'sudo apt-get install -y chromium'" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null

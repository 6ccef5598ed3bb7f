#!/usr/bin/env bash
# Installs everything the project needs on a fresh Debian machine (idempotent).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
setup_all

#!/usr/bin/env bash
# Installs Debian packages (as root, or through sudo), for the CI steps that need a program the
# machine may lack. Everything it prints goes to stderr, so a caller's stdout stays its own.
# Usage: tools/debian-install.sh PACKAGE...
set -euo pipefail
sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >&2
$sudo apt-get install -y -qq "$@" >&2

# Sourced by ensure-deps.sh, build-pass.sh and install.sh: one way to install missing Debian packages.
#   apt_install "WHAT IS MISSING" PKG...
# Installs PKG... with apt-get (through sudo when not root); without apt-get, one line naming the
# packages and what is missing, and a non-zero return. Nothing to do without packages.
apt_install() {
  local what="$1"
  shift
  [ $# -gt 0 ] || return 0
  if ! command -v apt-get >/dev/null; then
    echo "error: $what and apt-get is not available; install $*" >&2
    return 1
  fi
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "installing $* from Debian's packages..." >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}

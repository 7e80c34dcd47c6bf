#!/usr/bin/env bash
# Make sure the optional Debian tools chemx uses are on PATH, installing them if it can.
#
#   scripts/install_system_deps.sh           check, install what is missing when possible
#   scripts/install_system_deps.sh --check   check only; never installs
#
# osra (package osra) reads a SMILES from each structure crop; without it the sample demo
# gives 2 accepted items instead of 30. tesseract (package tesseract-ocr) is the optional
# `--identifier tesseract` backend. java (package default-jre-headless) runs OPSIN, which
# reads the SMILES of labelled compounds from the paper's systematic names (`--names`).
# Installing needs apt-get and either root or a sudo that works without a password
# (`sudo -n`); nothing here ever prompts.
#
# Exit status: 0 when all the tools are on PATH at the end (already there, or installed);
# 1 when some are still missing, after printing the one command that installs them.
# Used by `make demo` (which stops before building on 1) and `.ci/run` (which only notes
# it: the tests that need these tools skip without them).
set -euo pipefail

# tool on PATH -> Debian package that provides it
TOOLS=(osra tesseract java)
PACKAGES=(osra tesseract-ocr default-jre-headless)

check_only=0
case "${1:-}" in
  "") ;;
  --check) check_only=1 ;;
  *)
    echo "usage: $0 [--check]" >&2
    exit 2
    ;;
esac

missing_packages() {
  local i
  for i in "${!TOOLS[@]}"; do
    command -v "${TOOLS[$i]}" >/dev/null 2>&1 || printf '%s\n' "${PACKAGES[$i]}"
  done
}

mapfile -t missing < <(missing_packages)
if [ "${#missing[@]}" -eq 0 ]; then
  echo "system tools: osra and tesseract are installed"
  exit 0
fi
echo "system tools: missing Debian package(s) ${missing[*]}"

# How to run apt-get here without a prompt: as root, through `sudo -n`, or not at all.
runner=""
if [ "$check_only" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ]; then
    runner="root"
  elif command -v sudo >/dev/null 2>&1 && sudo -n true >/dev/null 2>&1; then
    runner="sudo"
  fi
fi

if [ -n "$runner" ]; then
  sudo_prefix=()
  how="as root"
  if [ "$runner" = "sudo" ]; then
    sudo_prefix=(sudo -n)
    how="through sudo -n"
  fi
  echo "system tools: installing ${missing[*]} with apt-get ($how)"
  if "${sudo_prefix[@]}" apt-get update -qq \
    && "${sudo_prefix[@]}" env DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -qq "${missing[@]}" >/dev/null; then
    mapfile -t missing < <(missing_packages)
    if [ "${#missing[@]}" -eq 0 ]; then
      echo "system tools: installed; osra and tesseract are now on PATH"
      exit 0
    fi
    echo "system tools: apt-get finished but ${missing[*]} is still not on PATH" >&2
  else
    echo "system tools: apt-get could not install ${missing[*]}" >&2
  fi
elif [ "$check_only" -eq 1 ]; then
  echo "system tools: --check given, not installing" >&2
elif ! command -v apt-get >/dev/null 2>&1; then
  echo "system tools: apt-get is not available here (not Debian/Ubuntu?)" >&2
else
  echo "system tools: installing needs root or a password-less sudo" >&2
fi

cat >&2 <<EOF

Install them with (Debian/Ubuntu; elsewhere use your package manager's osra and tesseract):

    sudo apt-get update && sudo apt-get install -y ${missing[*]}

or, for the demo, run the reduced one without them (2 sample items instead of 30):

    make demo-lite        (the same as: CHEMX_DEMO_LITE=1 make demo)
EOF
exit 1

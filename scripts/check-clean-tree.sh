#!/usr/bin/env bash
# Fails when git sees a change in the tree: what CI runs after `npm ci` and `npm install`, which must leave
# package-lock.json (and every other file) as committed.
#   scripts/check-clean-tree.sh 'npm install'
set -euo pipefail
cd "$(dirname "$0")/.."
changes="$(git status --porcelain --untracked-files=normal)"
if [ -n "$changes" ]; then
  echo "${1:-the last step} changed the tree:" >&2
  echo "$changes" >&2
  git --no-pager diff --stat >&2
  exit 1
fi
echo "${1:-the tree}: git status is clean"

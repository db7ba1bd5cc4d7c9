#!/bin/sh
# Usage (from the root of a built checkout): infra/docker/production-tree.sh <workspace> <out-dir>
# Writes to <out-dir> what one workspace needs at run time: its production
# dependencies (following package-lock.json) and, for each workspace it links
# to (itself included), that workspace's package.json and dist/. Nothing else.
set -eu
workspace=$1
out=$2

workspaces=$(find . -name node_modules -prune -o -name package.json -print | xargs -n1 dirname | sed -n 's|^\./||p')

mkdir -p "$out"
cp package.json package-lock.json "$out/"
# npm needs every workspace manifest to read the lockfile, even those it skips.
for dir in $workspaces; do
  mkdir -p "$out/$dir"
  cp "$dir/package.json" "$out/$dir/"
done
(cd "$out" && npm install --omit=dev --ignore-scripts --no-audit --no-fund --workspace "$workspace")

out_abs=$(readlink -f "$out")
linked=""
for link in "$out"/node_modules/@cine/*; do
  dir=$(readlink -f "$link")
  dir=${dir#"$out_abs/"}
  linked="$linked $dir"
  cp -r "$dir/dist" "$out/$dir/"
done

# Drop the manifests of workspaces this one does not use.
for dir in $workspaces; do
  case " $linked " in
    *" $dir "*) ;;
    *) rm -rf "${out_abs:?}/$dir" ;;
  esac
done
find "$out" -mindepth 1 -maxdepth 1 -type d -empty -delete

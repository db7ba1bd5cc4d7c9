#!/usr/bin/env bash
# `npm run check:k8s`: builds the chart checker (main.go: helm lint, helm template and an offline
# validator, from helm.sh/helm/v3 and k8s.io/* on the Go module proxy) once, cached under
# infra/k8s/check/bin/ by a key of its sources and the Go version, then runs it on infra/k8s/chart.
# The rendered manifests land in infra/k8s/rendered.yaml (not committed).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then export PATH="$PATH:/usr/local/go/bin"; fi

key=$( (go version && cat go.mod go.sum main.go) | sha256sum | cut -c1-16)
binary="bin/$key/k8s-check"
if [ ! -x "$binary" ]; then
  echo "Building the chart checker (helm and the Kubernetes API types from the Go module proxy): a few minutes the first time, then cached in infra/k8s/check/bin/" >&2
  started=$SECONDS
  rm -rf bin
  mkdir -p "bin/$key"
  go build -trimpath -o "$binary.partial" .
  mv "$binary.partial" "$binary"
  echo "built in $((SECONDS - started)) s" >&2
fi
exec "$binary" "$@"

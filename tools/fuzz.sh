#!/usr/bin/env bash
# Fuzz one of automap's input formats with libFuzzer (cargo fuzz) for SECONDS seconds.
#
#   tools/fuzz.sh TARGET SECONDS [RUNS]   TARGET: stablehlo, mesh_yaml, constraints_yaml, iopddl, problem
#   tools/fuzz.sh all SECONDS [RUNS]      every target, one after another
#
# A target stops after SECONDS, or after RUNS executions when that comes first (e.g. 1800 1000000).
#
# Needs cargo-fuzz (`cargo install cargo-fuzz`). The machine has one stable toolchain: cargo fuzz's
# sanitizer flags need nightly, so the targets build without a sanitizer (`--sanitizer none`; Rust's
# own checks still turn memory errors into panics, and debug assertions catch arithmetic overflow).
# Seeds come from the repository (fixtures, meshes, constraints, the contest example) into
# fuzz/corpus/TARGET, which grows as the fuzzer finds new paths; crashes land in fuzz/artifacts/TARGET.
# An input counts as a failure when it panics, takes more than 1 s, or needs more than 2 GiB.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${1:?usage: tools/fuzz.sh TARGET|all SECONDS [RUNS]}"
seconds="${2:?usage: tools/fuzz.sh TARGET|all SECONDS [RUNS]}"
runs="${3:--1}"
targets=(stablehlo mesh_yaml constraints_yaml iopddl problem)

seed() {
  local t="$1" dir="fuzz/corpus/$1"
  mkdir -p "$dir"
  case "$t" in
    stablehlo) for f in tests/fixtures/*.mlir tests/golden/*/input.mlir; do
                 [ "$(wc -c <"$f")" -le 65536 ] && cp "$f" "$dir/$(basename "$(dirname "$f")")-$(basename "$f")"; done ;;
    mesh_yaml) cp specs/meshes/*.yaml "$dir/" ;;
    constraints_yaml) cp specs/constraints/*.yaml "$dir/" ;;
    iopddl) cargo run -q --example write_example -p automap-solver -- "$dir/example.json" ;;
    problem) printf '\003\002\005\001\007\002\000\003\001\004\002\011\001\003\004\002\001\002\003\010' >"$dir/seed" ;;
  esac
  return 0
}

run() {
  local t="$1"
  seed "$t"
  echo "== $t for ${seconds} s"
  cargo fuzz run --sanitizer none --debug-assertions "$t" "fuzz/corpus/$t" -- \
    -max_total_time="$seconds" -runs="$runs" -timeout=1 -rss_limit_mb=2048 -print_final_stats=1
}

if [ "$target" = all ]; then
  for t in "${targets[@]}"; do run "$t"; done
else
  run "$target"
fi

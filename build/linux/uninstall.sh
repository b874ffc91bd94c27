#!/bin/sh
# Remove what install.sh installed for this user: the launcher, the menu entry, the
# icons, the metainfo (the files it listed in installed-files.txt) and the game in
# ~/.local/lib/ohhell. Your settings, saves and statistics stay.
set -eu

case ${HOME:-} in
  '' | /) echo "uninstall.sh: HOME is not set to your home folder" >&2; exit 1 ;;
esac
lib=$HOME/.local/lib/ohhell
manifest=$lib/installed-files.txt

if [ ! -f "$manifest" ]; then
  echo "uninstall.sh: Oh Hell is not installed for this user (no $manifest)" >&2
  exit 1
fi

app_id=io.github.ohhell.OhHell
while IFS= read -r file; do
  case ${file##*/} in
    ohhell | "$app_id".*) rm -f "$file" ;;  # only the files install.sh wrote
  esac
done <"$manifest"

data=${XDG_DATA_HOME:-$HOME/.local/share}
if command -v update-desktop-database >/dev/null 2>&1; then
  update-desktop-database -q "$data/applications" 2>/dev/null || true
fi
if [ -d "$data/icons/hicolor" ]; then touch "$data/icons/hicolor"; fi

cd "$HOME"
rm -rf "$lib"
echo "Oh Hell is removed (your settings and saves stay)."

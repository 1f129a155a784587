#!/usr/bin/env bash
# Installs what this project needs on Debian 12 and is missing: GTK 4, libadwaita and WebKitGTK 6.0 headers,
# the UI-test tools (Xvfb, xdotool, ImageMagick, AT-SPI, Python imaging and pytest), and fonts
# for Latin, Cyrillic and Devanagari so nothing renders as boxes, the desktop-entry and AppStream
# validators and librsvg for the install test, headless sway, wtype, grim and wayland-utils
# for the Wayland lane, debootstrap for the GTK 4.18 lane's Debian 13 root, and gettext with the
# ru_RU.UTF-8 locale for the translations (P5). Works as root or with sudo.
set -euo pipefail

packages=(
    libgtk-4-dev libadwaita-1-dev libsqlite3-dev libwebkitgtk-6.0-dev pkg-config
    xvfb xdotool xclip xsettingsd imagemagick dbus at-spi2-core locales
    python3 python3-pil python3-pytest python3-pyatspi
    fonts-noto-core fonts-noto-color-emoji fonts-dejavu-core
    desktop-file-utils appstream librsvg2-bin
    sway wtype grim wayland-utils
    debootstrap gettext
)

missing=()
for package in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$package")
done

sudo=()
if [[ $(id -u) -ne 0 ]]; then sudo=(sudo); fi

if ((${#missing[@]})); then
    echo "setup: installing ${missing[*]}"
    if ((${#sudo[@]})); then
        command -v sudo >/dev/null || { echo "setup: need root or sudo to install ${missing[*]}" >&2; exit 1; }
    fi
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The app in Russian (LANGUAGE=ru) needs a Russian locale to run in.
if ! locale -a 2>/dev/null | grep -qix 'ru_RU.utf8'; then
    echo "setup: generating the ru_RU.UTF-8 locale"
    "${sudo[@]}" sed -i 's/^# *ru_RU.UTF-8 UTF-8/ru_RU.UTF-8 UTF-8/' /etc/locale.gen
    "${sudo[@]}" locale-gen
fi

if ! command -v swift >/dev/null; then
    if [[ -x /opt/swift/usr/bin/swift ]]; then
        echo "setup: swift is at /opt/swift/usr/bin; add it to PATH" >&2
    else
        echo "setup: the Swift 6 toolchain is missing (expected on PATH or at /opt/swift)" >&2
    fi
    exit 1
fi

#!/usr/bin/env bash
# The GTK 4.18 lane: builds and tests this checkout inside a Debian 13 ("trixie") root, which
# has GTK 4.18 and libadwaita 1.7, with the host's Swift toolchain (/opt/swift) bind-mounted.
#
# The root is made once with debootstrap and kept in .build/debian13 (Debian packages only;
# delete the folder to start afresh; DEBIAN13_ROOT names another root to reuse, such as a
# second worktree's). Inside it, the checkout is mounted at /src and its own
# build folder (.build/debian13-build) is mounted over /src/.build, so the lane's binaries never
# replace the host's. Mounts are undone on exit.
#
# Root is needed (debootstrap, chroot, mounts). A developer without root runs
# `sudo make debian13-tests`; `make test` skips the lane, saying so, when not run as root.
#
# Usage: scripts/debian13-lane.sh COMMAND... (run in /src inside the root, e.g. `swift test`).
set -euo pipefail
cd "$(dirname "$0")/.."
checkout=$(pwd)
root="${DEBIAN13_ROOT:-$checkout/.build/debian13}"
build="$checkout/.build/debian13-build"

if [[ $(id -u) -ne 0 ]]; then
    echo "debian13-lane: needs root for debootstrap and chroot; run: sudo make debian13-tests" >&2
    exit 1
fi

packages=(
    libgtk-4-dev libadwaita-1-dev libsqlite3-dev libwebkitgtk-6.0-dev pkg-config
    # What the Swift toolchain needs to compile and link.
    binutils libc6-dev libgcc-14-dev libstdc++-14-dev libcurl4-openssl-dev libxml2-dev
    libedit2 libncurses6 libpython3-dev zlib1g-dev tzdata git
    # The UI tests' tools, as scripts/setup.sh installs them on the host.
    xvfb xdotool xclip xsettingsd imagemagick dbus at-spi2-core locales procps e2fsprogs
    python3 python3-pil python3-pytest python3-pyatspi
    fonts-noto-core fonts-noto-color-emoji fonts-dejavu-core
    # The Wayland lane's: headless sway, keys, screenshots, and useradd for its test user.
    sway wtype grim passwd
    # The SVG loader for icons from the theme (a desktop has it; without it they draw as "missing").
    librsvg2-common
)

# .ready holds the package list the root was last provisioned with: a root made before a package
# joined the list gets the missing ones installed, without being made anew.
if [[ ! -e "$root/.ready" ]]; then
    rm -rf "$root"
    mkdir -p "$root"
    echo "debian13-lane: making a Debian 13 root in $root"
    debootstrap --variant=minbase trixie "$root" http://deb.debian.org/debian >/dev/null
    : >"$root/.ready"
fi

mounted=()
unmount_all() {
    for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[i]}" || true; done
}
trap unmount_all EXIT
bind() {  # bind SOURCE TARGET-INSIDE-ROOT
    mkdir -p "$root$2"
    mount --bind "$1" "$root$2"
    mounted+=("$root$2")
}

mkdir -p "$build"
# The root is a mount point of its own, as bubblewrap (WebKit's sandbox) needs / to be.
mount --bind "$root" "$root"; mounted+=("$root")
mount -t proc proc "$root/proc"; mounted+=("$root/proc")
# WebKit's sandbox (bubblewrap) binds parts of /sys into it; without them the web process fails.
mount -t sysfs sysfs "$root/sys"; mounted+=("$root/sys")
bind /dev /dev
bind /dev/pts /dev/pts
# POSIX shared memory, a mount of its own under /dev: headless sway's buffers (wlroots' shm
# allocator) are made there, as the test user, who could not write the bare /dev/shm of the root.
bind /dev/shm /dev/shm
if [[ "$(cat "$root/.ready")" != "${packages[*]}" ]]; then
    echo "debian13-lane: installing the packages into $root"
    chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        "${packages[@]}" >/dev/null
    echo "${packages[*]}" >"$root/.ready"
fi

bind /opt/swift /opt/swift
bind "$checkout" /src
bind "$build" /src/.build
# The host's /tmp, so a lane Xvfb and a host Xvfb see each other's lock files (/tmp/.X*-lock)
# and sockets (/tmp/.X11-unix) and never pick one display number: the root shares the host's
# network namespace, so they would share X's abstract socket too. The lane and the host's UI
# tests can then run at once.
bind /tmp /tmp

chroot "$root" env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/opt/swift/usr/bin LANG=C.UTF-8 \
    ${CI:+CI=$CI} bash -c 'cd /src && "$@"' lane "$@"

#!/bin/sh
# Prints what a benchmark run ran on, for BENCHMARKS.md: `make bench` calls it before the
# tables. Usage: scripts/bench-machine.sh [SWIFT]
swift=${1:-swift}
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
memory=$(awk '/^MemTotal:/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo 2>/dev/null)
echo "machine:  ${cpu:-unknown CPU}, $(nproc) cores, ${memory:-? GiB}, Linux $(uname -r)"
echo "swift:    $($swift --version 2>/dev/null | head -n 1)"
echo "glib:     $(pkg-config --modversion glib-2.0 2>/dev/null), libsoup $(pkg-config --modversion libsoup-3.0 2>/dev/null)"
echo "revision: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD -- Sources 2>/dev/null || echo ' (with uncommitted changes in Sources)')"
echo "date:     $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "load:     $(cut -d ' ' -f 1-3 /proc/loadavg) (1, 5, 15 min) before the run"
echo

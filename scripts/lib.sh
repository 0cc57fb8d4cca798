# shellcheck shell=bash
# Common settings of the host scripts; sourced, never run.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD:-$ROOT/build}
LINUX=${LINUX:-$BUILD/linux}
PATCHES=${PATCHES:-$ROOT/patches}
LOGS=${LOGS:-$BUILD/logs}

# Git in the work tree must not depend on the user's configuration:
# export and tree creation have to give the same bytes everywhere.
tree_git() {
	HOME=$BUILD/.githome GIT_CONFIG_NOSYSTEM=1 \
	GIT_COMMITTER_NAME="Fair Server Tooling" \
	GIT_COMMITTER_EMAIL="tooling@fair-server.invalid" \
		git -C "$LINUX" "$@"
}

# Parallel jobs for kernel builds: one more than the CPUs, meant to keep
# the CPUs busy while a job waits on the disk (ccache, the linker); the
# gain over -j(CPUs) was not measured.
BUILD_JOBS=${BUILD_JOBS:-$(( $(nproc) + 1 ))}

msg() { printf '%s: %s\n' "${0##*/}" "$*" >&2; }
die() { msg "error: $*"; exit 1; }
# A compiler warning in the scheduler's files, which the base has none of.
SCHED_WARNING_RE='(kernel/sched/|include/linux/sched\.h|include/trace/events/sched\.h)[^ ]*: warning:'

# Patches of the series, in order, as paths (the quilt series file may
# hold comments and blank lines).
series_patches() {
	local dir=${1:-$PATCHES} p
	[ -f "$dir/series" ] || return 0
	while read -r p _; do
		case $p in ''|'#'*) continue ;; esac
		printf '%s\n' "$dir/$p"
	done < "$dir/series"
}

need_tree() {
	[ -e "$LINUX/.git" ] || die "no work tree at $LINUX: run 'make tree' first"
}

# Debian's tarball ignores everything at its top level (a '/*' rule at the
# end of .gitignore, for its packaging repository), which would hide every
# new file of a patch from git.  Drop that rule in the work tree's copy of
# .gitignore only, and tell git to leave that copy alone: the commits keep
# the pristine file.
tree_unignore() {
	local dir=${1:-$LINUX}
	[ -f "$dir/.gitignore" ] || return 0
	LINUX=$dir tree_git update-index --no-skip-worktree .gitignore
	LINUX=$dir tree_git checkout -q -- .gitignore
	sed -i '/^# Debian packaging: ignore everything/,$d' "$dir/.gitignore"
	LINUX=$dir tree_git update-index --skip-worktree .gitignore
}

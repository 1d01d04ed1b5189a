#!/usr/bin/env bash
# Submits an Unblocker database generation to Slurm: a job array of N parts
# (generate.sbatch) and the merge job (merge.sbatch), which starts once every
# part succeeded (--dependency=afterok). Prints the job ids and how to watch them;
# also writes them to DIR/jobs.txt.
#
#   deploy/slurm/submit.sh [--cpus C] [--parts LIST] [--max-running M] DIR N [generate options]
#
#   DIR    a directory every node sees: parts/, logs/ and the result, puzzles.sqlite
#   N      the number of parts (array tasks)
#   --cpus C         CPUs (and generator threads) per part (default 2)
#   --parts LIST     only these parts, in sbatch --array syntax (e.g. 3,7 or 10-20): a
#                    re-run; finished parts need none, but re-running one is harmless
#   --max-running M  at most M parts at once (sbatch --array=...%M)
#   generate options: for `unblocker db generate`, e.g. --size 6 --max-walls 2
#
# The nodes run $UNBLOCKER (default: the `unblocker` on this PATH, by its absolute
# path, so it must be on a shared directory too). Partition, account and time
# limit come from sbatch's own variables: SBATCH_PARTITION, SBATCH_ACCOUNT,
# SBATCH_TIMELIMIT.
set -euo pipefail

usage() {
  sed -n '/^#   deploy/,/^#   generate options/s/^# \{0,1\}//p' "$0" >&2
  exit 2
}
here=$(cd "$(dirname "$0")" && pwd)
cpus=2 parts="" max_running=""
while (($#)); do
  case $1 in
    --cpus) cpus=${2:?--cpus needs a number}; shift 2 ;;
    --parts) parts=${2:?--parts needs a list}; shift 2 ;;
    --max-running) max_running=${2:?--max-running needs a number}; shift 2 ;;
    -h | --help) usage ;;
    *) break ;;
  esac
done
(($# >= 2)) || usage
dir=$1 shards=$2
shift 2
[[ $shards =~ ^[1-9][0-9]*$ ]] || { echo "submit.sh: N must be a positive number, not '$shards'" >&2; exit 2; }
[[ $cpus =~ ^[1-9][0-9]*$ ]] || { echo "submit.sh: --cpus must be a positive number, not '$cpus'" >&2; exit 2; }

bin=${UNBLOCKER:-$(command -v unblocker || true)}
[[ -n $bin && -x $bin ]] || { echo "submit.sh: no unblocker binary: set UNBLOCKER=/shared/path/unblocker" >&2; exit 2; }
export UNBLOCKER=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
mkdir -p "$dir/parts" "$dir/logs"
dir=$(cd "$dir" && pwd)

array=${parts:-1-$shards}${max_running:+%$max_running}
run() {
  echo "+ $*" >&2
  "$@"
}
generate=$(run sbatch --parsable --array="$array" --cpus-per-task="$cpus" \
  --output="$dir/logs/part-%a.log" "$here/generate.sbatch" "$dir" "$shards" "$@")
generate=${generate%%;*}
merge=$(run sbatch --parsable --dependency=afterok:"$generate" \
  --output="$dir/logs/merge.log" "$here/merge.sbatch" "$dir" "$shards")
merge=${merge%%;*}
echo "$(date '+%F %T') generate=$generate array=$array merge=$merge" >>"$dir/jobs.txt"
cat <<MSG
array job $generate: parts $array of $shards -> $dir/parts
merge job $merge: after every part succeeded -> $dir/puzzles.sqlite
watch:  squeue -j $generate,$merge
        tail -n 1 $dir/logs/part-*.log
MSG

#!/usr/bin/env bash
# End-to-end test of deploy/slurm on a real one-node Slurm cluster started on
# this machine: munged, slurmctld and slurmd on localhost, with a config file
# written here (4 CPUs declared, so the 4 parts run at once), all in a fresh
# temporary directory. Then:
#   1. the 5x5 one-wall generation as a 4-part array plus the dependent merge,
#      submitted with submit.sh: `db export` of the result must be byte-identical
#      to an unsharded run's;
#   2. the same again, with part 2 cancelled mid-run (scancel) and requeued, and
#      part 3 requeued mid-run (scontrol requeue, as preemption or a node failure
#      does): each must resume its own file (its log says how many units were
#      already committed), the cancelled part must be refused by `db merge`
#      (exit 2) until it is finished, and the result must still be identical;
#      Then a lost part re-run alone (submit.sh --parts 4) beside the other
#      three, merged: identical again;
#   3. the cluster is shut down and nothing of it may be left running.
# Exits 0 only when every check passes. Needs root and Debian's slurm-wlm and
# munge (apt-get install slurm-wlm munge). Uses $UNBLOCKER if set, otherwise
# builds the binary with cargo (the test profile, as `cargo test` does).
# KEEP=1 keeps the temporary directory (config, logs, databases).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
started=$SECONDS
say() { printf '[%3ds] %s\n' $((SECONDS - started)) "$*"; }
fail() {
  say "FAIL: $*" >&2
  exit 1
}

# --- prerequisites --------------------------------------------------------
((EUID == 0)) || fail "run as root (slurmd must start jobs)"
for tool in munged mungekey slurmctld slurmd sbatch squeue scontrol scancel sinfo; do
  command -v "$tool" >/dev/null || fail "$tool is missing: apt-get install slurm-wlm munge"
done
if [[ -z ${UNBLOCKER:-} ]]; then
  say "building unblocker (cargo build --profile test)"
  cargo build --quiet --profile test -p unblocker --bin unblocker --manifest-path "$repo/Cargo.toml"
  UNBLOCKER=$repo/target/debug/unblocker
fi
[[ -x $UNBLOCKER ]] || fail "no unblocker binary at $UNBLOCKER"
UNBLOCKER=$(cd "$(dirname "$UNBLOCKER")" && pwd)/$(basename "$UNBLOCKER")
export UNBLOCKER

work=$(mktemp -d /tmp/unblocker-slurm.XXXXXX)
chmod 755 "$work"
export SLURM_CONF=$work/slurm.conf
node=$(hostname -s)
generate=(--size 5 --max-walls 1)

# --- cleanup: whatever happens, stop what this script started --------------
stop_cluster() {
  if [[ -f $work/slurmctld.pid ]] && kill -0 "$(cat "$work/slurmctld.pid")" 2>/dev/null; then
    scancel --quiet --full --user=root 2>/dev/null || true
    for _ in $(seq 50); do
      [[ -z $(squeue -h -o %i 2>/dev/null) ]] && break
      sleep 0.2
    done
    scontrol shutdown >/dev/null 2>&1 || true
  fi
  for daemon in slurmd slurmctld munge/munged; do
    local pidfile=$work/$daemon.pid pid
    [[ -f $pidfile ]] || continue
    pid=$(cat "$pidfile")
    for _ in $(seq 50); do
      kill -0 "$pid" 2>/dev/null || break
      [[ $daemon == munge/munged ]] && kill "$pid" 2>/dev/null
      sleep 0.2
    done
    if kill -0 "$pid" 2>/dev/null; then
      say "$daemon ($pid) did not stop: killing it"
      kill -KILL "$pid" 2>/dev/null || true
    fi
    rm -f "$pidfile"
  done
}
# Processes of this cluster: any whose command line or environment names $work.
leftovers() {
  local p
  for p in /proc/[0-9]*; do
    [[ ${p#/proc/} == "$$" || ${p#/proc/} == "$BASHPID" ]] && continue
    if grep -qsF "$work" "$p/cmdline" "$p/environ" 2>/dev/null; then
      echo "${p#/proc/} $(tr '\0' ' ' <"$p/cmdline" 2>/dev/null)"
    fi
  done
}
on_exit() {
  local rc=$?
  trap - EXIT
  stop_cluster
  if ((rc != 0)); then
    for log in "$work"/log/*.log "$work"/run*/logs/*.log; do
      [[ -f $log ]] && { echo "--- $log (last lines)"; tail -n 15 "$log"; }
    done
  fi
  if ((rc != 0)) || [[ ${KEEP:-} == 1 ]]; then
    echo "kept $work"
  else
    rm -rf "$work"
  fi
  exit "$rc"
}
trap on_exit EXIT
trap 'exit 130' INT TERM

# --- the cluster ------------------------------------------------------------
# A port below the system's ephemeral range (which outgoing connections take
# from, so a port there can be busy without anything listening on it) that
# no socket uses now (/proc/net/tcp lists every socket's local port in hex).
free_port() {
  local port low
  low=$(cut -f1 /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)
  ((low > 20000)) || low=30000
  for _ in $(seq 100); do
    port=$((10000 + RANDOM % (low - 10000)))
    if ! grep -qi ":$(printf '%04X' "$port") " /proc/net/tcp /proc/net/tcp6 2>/dev/null; then
      echo "$port"
      return
    fi
  done
  fail "no free TCP port found"
}
mkdir -p "$work/munge" "$work/log" "$work/state" "$work/spool"
chmod 700 "$work/munge"
mungekey --create --keyfile="$work/munge/munge.key"
munged --force --key-file="$work/munge/munge.key" --socket="$work/munge.socket" \
  --pid-file="$work/munge/munged.pid" --seed-file="$work/munge/munged.seed" \
  --log-file="$work/log/munged.log"
munge -n -S "$work/munge.socket" | unmunge -S "$work/munge.socket" >/dev/null ||
  fail "munged does not answer (see $work/log/munged.log)"

ctld_port=$(free_port)
slurmd_port=$(free_port)
while [[ $slurmd_port == "$ctld_port" ]]; do slurmd_port=$(free_port); done
cat >"$SLURM_CONF" <<EOF
# A one-node test cluster written by deploy/slurm/test-local.sh.
ClusterName=unblocker-test
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
# cred_expire is also how long a requeued job waits before it may start again
# (120 s by default).
AuthInfo=socket=$work/munge.socket,cred_expire=10
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
# Start a requeued task as soon as it may run again (the defaults wait up to
# 30 s for the next backfill pass).
SchedulerParameters=bf_interval=1,sched_interval=2
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
JobRequeue=1
ReturnToService=2
# Keep finished jobs' records for the checks.
MinJobAge=600
# Use the CPUs declared below, not the machine's.
SlurmdParameters=config_overrides
NodeName=$node NodeAddr=127.0.0.1 CPUs=4 RealMemory=16000 State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF" -N "$node"
for _ in $(seq 100); do
  [[ $(sinfo -h -n "$node" -o %T 2>/dev/null) == idle ]] && break
  sleep 0.3
done
[[ $(sinfo -h -n "$node" -o %T) == idle ]] || fail "node $node is not idle: $(sinfo -h -n "$node" -o '%T %E')"
say "cluster up: slurmctld on port $ctld_port, slurmd on $slurmd_port, node $node with $(sinfo -h -o %c) CPUs"

# --- helpers ----------------------------------------------------------------
job_field() { # JOB FIELD: one field of `scontrol show job` (a task: ARRAY_TASK)
  scontrol -o show job "$1" | grep -o " $2=[^ ]*" | cut -d= -f2- | tr '\n' ' ' | sed 's/ $//'
}
wait_states() { # SECONDS JOB STATE...: until every task of JOB is in one of STATEs
  local limit=$1 job=$2
  shift 2
  local deadline=$((SECONDS + limit)) states
  while ((SECONDS < deadline)); do
    states=$(job_field "$job" JobState)
    local all=1 s
    for s in $states; do
      [[ " $* " == *" $s "* ]] || all=0
    done
    ((all)) && return 0
    sleep 0.3
  done
  fail "job $job: states $(job_field "$job" JobState) (reason $(job_field "$job" Reason)), wanted $* within ${limit}s"
}
units_in_log() { # LOG: the last "done/total units" of its progress lines
  grep -Eo '[0-9]+/[0-9]+ units' "$1" 2>/dev/null | tail -n 1 | cut -d' ' -f1
}
wait_mid_run() { # LOG: until its progress lines show 5% <= done < total
  local log=$1 deadline=$((SECONDS + 60)) seen
  while ((SECONDS < deadline)); do
    grep -q 'units run' "$log" 2>/dev/null && fail "$log: the part finished before it could be interrupted"
    seen=$(units_in_log "$log")
    if [[ -n $seen ]] && ((${seen%/*} * 20 >= ${seen#*/} && ${seen%/*} < ${seen#*/})); then
      echo "$seen"
      return
    fi
    sleep 0.1
  done
  fail "$log: no progress line within 60 s"
}
submit() { # RUN [submit.sh options]: submit.sh into $work/RUN; sets gen and merge
  local run=$1
  shift
  "$here/submit.sh" --cpus 1 "$@" "$work/$run" 4 "${generate[@]}" >"$work/$run.submit" 2>&1 ||
    fail "submit.sh: $(cat "$work/$run.submit")"
  gen=$(sed -n 's/.* generate=\([0-9]*\) .*/\1/p' "$work/$run/jobs.txt")
  merge=$(sed -n 's/.* merge=\([0-9]*\)$/\1/p' "$work/$run/jobs.txt")
  [[ -n $gen && -n $merge ]] || fail "no job ids in $work/$run/jobs.txt"
}
same_as_reference() { # RUN
  "$UNBLOCKER" db export --db "$work/$1/puzzles.sqlite" -o "$work/$1.txt" 2>/dev/null
  cmp "$work/reference.txt" "$work/$1.txt" ||
    fail "$1: db export differs from the unsharded run's"
  say "$1: db export of the merged database is byte-identical to the unsharded run's ($(wc -l <"$work/$1.txt") puzzles)"
}

# --- the unsharded reference ---------------------------------------------------
say "reference: unblocker db generate ${generate[*]} (unsharded)"
"$UNBLOCKER" db generate "${generate[@]}" --threads 2 --quiet --db "$work/reference.sqlite" 2>"$work/reference.log"
"$UNBLOCKER" db export --db "$work/reference.sqlite" -o "$work/reference.txt" 2>/dev/null
say "reference: $(wc -l <"$work/reference.txt") puzzles; $(tail -n 1 "$work/reference.log")"

# --- 1. four parts and the merge --------------------------------------------------
say "1. submit.sh --cpus 1 run1 4 ${generate[*]}"
submit run1
sed 's/^/    /' "$work/run1.submit"
sleep 1
squeue -j "$gen,$merge" | sed 's/^/    /'
wait_states 120 "$gen" COMPLETED
wait_states 60 "$merge" COMPLETED
for k in 1 2 3 4; do
  grep -q "shard $k/4 from Slurm array job $gen task $k" "$work/run1/logs/part-$k.log" ||
    fail "part-$k.log does not say which part --shard auto found"
done
say "1. array job $gen: 4 parts COMPLETED, each log names its part (e.g. '$(grep -m1 'from Slurm' "$work/run1/logs/part-1.log")')"
say "1. merge job $merge COMPLETED: $(grep -m1 'holds' "$work/run1/logs/merge.log")"
same_as_reference run1

# --- 2. a part cancelled and one requeued mid-run ---------------------------------
say "2. submit.sh --cpus 1 run2 4 ${generate[*]}"
submit run2
log2=$work/run2/logs/part-2.log log3=$work/run2/logs/part-3.log
part2=$work/run2/parts/part-2-of-4.sqlite
seen=$(wait_mid_run "$log2")
scancel "${gen}_2"
wait_states 30 "${gen}_2" CANCELLED
say "2. part 2 cancelled (scancel ${gen}_2) at $seen units: $(job_field "${gen}_2" JobState)"
seen=$(wait_mid_run "$log3")
scontrol requeue "${gen}_3"
say "2. part 3 requeued while running (scontrol requeue ${gen}_3) at $seen units"

# The cancelled part is unfinished: merging it must be refused, creating nothing.
set +e
"$UNBLOCKER" db merge "$part2" --db "$work/probe.sqlite" 2>"$work/probe.err"
code=$?
set -e
((code == 2)) || fail "db merge of the cancelled part: exit $code, wanted 2: $(cat "$work/probe.err")"
[[ ! -e $work/probe.sqlite ]] || fail "db merge of the cancelled part created its target"
committed=$(grep -Eo 'holds [0-9]+ of its [0-9]+ units' "$work/probe.err") ||
  fail "db merge of the cancelled part: unexpected message: $(cat "$work/probe.err")"
read -r _ done2 _ _ total2 _ <<<"$committed"
((done2 > 0 && done2 < total2)) || fail "the cancelled part holds $done2 of $total2 units: not mid-run"
say "2. db merge of the cancelled part: exit 2, target not created: '$(cat "$work/probe.err")'"

scontrol requeue "${gen}_2"
say "2. part 2 requeued (scontrol requeue ${gen}_2); both restart after cred_expire (10 s)"
wait_states 120 "$gen" COMPLETED
for k in 2 3; do
  log=$work/run2/logs/part-$k.log
  resumed=$(grep -Eo 'resuming, [0-9]+ units already committed' "$log") ||
    fail "part-$k.log: the restarted task did not resume its file"
  final=$(grep -E 'units run \([0-9]+ already done\)' "$log" | tail -n 1)
  read -r run skipped <<<"$(sed -E 's/.*: ([0-9]+) units run \(([0-9]+) already done\).*/\1 \2/' <<<"$final")"
  [[ $resumed == "resuming, $skipped units already committed" ]] ||
    fail "part-$k.log: '$resumed' but the run says $skipped already done"
  total=$(units_in_log "$log")
  ((skipped > 0 && run + skipped == ${total#*/})) ||
    fail "part-$k.log: $run units run + $skipped already done is not the part's ${total#*/}"
  say "2. part $k restarted ($(grep -c '^.*task .* restart' "$log") starts in its log): $resumed, then $run units run"
done

# A cancelled task fails the array's afterok for good, even once requeued and
# finished: the merge waits with DependencyNeverSatisfied, and is pointed at the
# re-run task (deploy/slurm/README.md, re-running parts).
for _ in $(seq 50); do
  [[ $(job_field "$merge" Reason) == DependencyNeverSatisfied ]] && break
  sleep 0.2
done
[[ $(job_field "$merge" JobState) == PENDING && $(job_field "$merge" Reason) == DependencyNeverSatisfied ]] ||
  fail "merge job $merge: $(job_field "$merge" JobState) $(job_field "$merge" Reason), wanted PENDING DependencyNeverSatisfied"
scontrol update JobId="$merge" Dependency="afterok:${gen}_2"
say "2. merge job $merge was DependencyNeverSatisfied; scontrol update JobId=$merge Dependency=afterok:${gen}_2"
wait_states 60 "$merge" COMPLETED
say "2. merge job $merge COMPLETED: $(grep -m1 'holds' "$work/run2/logs/merge.log")"
same_as_reference run2

# --- re-running a lost part: submit.sh --parts -----------------------------------------
# Parts 1-3 of run1, part 4 lost (as after a failure whose file was deleted):
# an array of part 4 alone (task 4 of --array=4, so the count comes from
# UNBLOCKER_SHARDS) and a new merge give the same database.
say "2. re-run of a lost part: submit.sh --parts 4 run3 4 ${generate[*]}"
mkdir -p "$work/run3/parts"
cp "$work"/run1/parts/part-[123]-of-4.sqlite "$work/run3/parts/"
submit run3 --parts 4
wait_states 60 "$gen" COMPLETED
wait_states 60 "$merge" COMPLETED
grep -q "shard 4/4 from Slurm array job $gen task 4 (SLURM_ARRAY_TASK_ID=4, UNBLOCKER_SHARDS=4)" \
  "$work/run3/logs/part-4.log" || fail "run3/logs/part-4.log does not name part 4/4"
[[ ! -e $work/run3/logs/part-1.log ]] || fail "run3: part 1 ran again"
say "2. run3: only part 4 ran ('$(grep -m1 'from Slurm' "$work/run3/logs/part-4.log")'); merge: $(grep -m1 'holds' "$work/run3/logs/merge.log")"
same_as_reference run3

# --- 3. shut down -------------------------------------------------------------------
stop_cluster
left=$(leftovers)
[[ -z $left ]] || fail "still running after shutdown: $left"
say "3. cluster shut down: no process of it left (slurmctld, slurmd, slurmstepd, munged, jobs)"
say "all checks passed in $((SECONDS - started)) s"

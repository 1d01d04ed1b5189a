//! The whole browser on a slower CPU: every process and thread of it (the
//! page, its workers, the service worker) on one core `factor` times slower
//! than one of this machine's, through a control group's CPU quota, so a
//! thread that computes alone (the engine's worker) runs `factor` times
//! slower. DevTools' own throttling (`Emulation.setCPUThrottlingRate`)
//! slows the page's main thread only: Chromium refuses it for workers
//! ("Operation is only supported for pages, not workers"), where the engine
//! runs. Needs root and a CPU controller.

use crate::page::Page;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The control group holding the browser; removed when dropped, which must
/// be after the browser has ended (a group with processes cannot go).
pub struct SlowCpu {
    cgroup: PathBuf,
}

impl SlowCpu {
    /// Moves `page`'s browser into a new control group of `factor` times
    /// less CPU than one core; without root or a CPU controller, the reason.
    pub fn apply(page: &Page, factor: u32) -> Result<SlowCpu, String> {
        let (root, v2) = cpu_controller().ok_or("no cgroup CPU controller on this machine")?;
        let group = page.driver.id();
        let cgroup = root.join(format!("unblocker-browser-{group}"));
        std::fs::create_dir_all(&cgroup)
            .map_err(|e| format!("{}: {e} (the CPU quota needs root)", cgroup.display()))?;
        let slow = SlowCpu { cgroup };
        // In 4 ms slices, so that the pauses stay short (the kernel's
        // shortest quota is 1 ms).
        let period = 4000;
        let quota = period / factor;
        let write = |file: &str, value: String| {
            std::fs::write(slow.cgroup.join(file), &value)
                .map_err(|e| format!("{file} = {value}: {e}"))
        };
        if v2 {
            write("cpu.max", format!("{quota} {period}"))?;
        } else {
            write("cpu.cfs_period_us", period.to_string())?;
            write("cpu.cfs_quota_us", quota.to_string())?;
        }
        // Chromium's zygote is among them: renderers it starts later are in
        // the group too.
        let processes = processes_of(group);
        for pid in &processes {
            let _ = std::fs::write(slow.cgroup.join("cgroup.procs"), pid.to_string());
        }
        let held = std::fs::read_to_string(slow.cgroup.join("cgroup.procs")).unwrap_or_default();
        if held.lines().count() < processes.len().min(2) {
            return Err(format!(
                "the browser's {} processes did not move into {}",
                processes.len(),
                slow.cgroup.display()
            ));
        }
        Ok(slow)
    }
}

impl Drop for SlowCpu {
    fn drop(&mut self) {
        // Empty once its processes are gone.
        for _ in 0..50 {
            if std::fs::remove_dir(&self.cgroup).is_ok() {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// Where the system's CPU controller is: cgroup v2's unified tree (with
/// `cpu.max`) or v1's `cpu` hierarchy (with the CFS quota files).
fn cpu_controller() -> Option<(PathBuf, bool)> {
    let v2 = Path::new("/sys/fs/cgroup");
    if std::fs::read_to_string(v2.join("cgroup.controllers")).is_ok_and(|c| c.contains("cpu")) {
        return Some((v2.to_path_buf(), true));
    }
    let v1 = Path::new("/sys/fs/cgroup/cpu");
    v1.join("cpu.cfs_quota_us")
        .exists()
        .then(|| (v1.to_path_buf(), false))
}

/// The processes of process group `group`.
fn processes_of(group: u32) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // After the command's closing parenthesis: state, ppid, pgrp.
        let fields: Vec<&str> = stat
            .rsplit_once(')')
            .map_or("", |(_, rest)| rest)
            .split_whitespace()
            .collect();
        if fields.get(2).and_then(|g| g.parse().ok()) == Some(group) {
            found.push(pid);
        }
    }
    found
}

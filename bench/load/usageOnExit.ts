// Loaded with `--import` into a child the import benchmark runs: reports the process's peak memory and CPU time as it exits.
process.on('exit', () => {
  const { maxRSS, userCPUTime, systemCPUTime } = process.resourceUsage();
  process.stderr.write(`maxrss_kb=${maxRSS} cpu_us=${userCPUTime + systemCPUTime}\n`);
});

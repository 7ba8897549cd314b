package mate

import (
	"flag"
	"syscall"
	"testing"
	"time"
)

// kotobuki is 寿, 将棋図巧 第100番 (611 plies), as the Open Tsume dataset
// transcribes it (problem/testdata/classics, 図巧100).
const kotobuki = "g3p3+r/3lPG3/1s4ppp/1l1B4P/L2b1kPl1/3+p3+R+p/3+p2+s1S/+NP+p1gS3/1g+p2P3 b 4P3n 1"

var kotobukiSteps = flag.Bool("kotobuki", false, "TestKotobukiSteps: solve 寿 (611 plies, about 20 s of CPU) and log the nodes of each step")

// TestKotobukiSteps solves 寿 as `tsume solve --hash 512 --no-soundness`
// does and logs where its nodes go: the first proof, each shorter proof
// of the length phase, the proof of shortness and the main line, with the
// nodes and elapsed time at each (the figures of docs/performance.md,
// "寿: where the time goes"; run with -cpuprofile for the profile). It
// holds the answer, 611 plies exact; it asserts no time. Only with
// -kotobuki.
func TestKotobukiSteps(t *testing.T) {
	if !*kotobukiSteps {
		t.Skip("about 20 s of CPU: -kotobuki")
	}
	var last Progress
	opts := SolverOptions{HashMB: 512, SkipSoundness: true, Progress: func(p Progress) {
		if p.Phase != last.Phase || p.Length != last.Length {
			t.Logf("%-9s length %4d at %11d nodes, %v, CPU %v, hashfull %d‰", p.Phase, p.Length, p.Nodes, p.Elapsed, cpu(), p.Hashfull)
		}
		last = p
	}}
	sol := solve(t, kotobuki, opts)
	t.Logf("end: %v length %d exact %v, %d nodes (%d after the last report), %v, CPU %v", sol.Status, sol.Length, sol.LengthExact, sol.Nodes, sol.Nodes-last.Nodes, sol.Time, cpu())
	if sol.Status != Mate || !sol.LengthExact || sol.Length != 611 {
		t.Errorf("%v length %d (exact %v), want 611 exact", sol.Status, sol.Length, sol.LengthExact)
	}
}

// cpu is the CPU time the process has used, user and system: the
// machine is shared, so the steps are measured in CPU time, not elapsed.
func cpu() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Round(time.Millisecond)
}

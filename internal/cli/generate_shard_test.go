package cli

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/shogi"
)

// tsumeProcess returns the command that runs this test binary as the
// tsume program with args (see TestMain).
func tsumeProcess(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), asMainEnv+"=1")
	return cmd
}

// jsonlRecord is a line of generate's jsonl output with the fields a
// merge needs.
type jsonlRecord struct {
	line  string
	index int
	key   string
}

// readJSONL reads generate's jsonl output, failing on anything but whole,
// valid records.
func readJSONL(t *testing.T, data []byte) []jsonlRecord {
	t.Helper()
	if len(data) > 0 && data[len(data)-1] != '\n' {
		t.Fatalf("the output ends in the middle of a record: %q", data[max(0, len(data)-80):])
	}
	var recs []jsonlRecord
	for line := range strings.SplitAfterSeq(string(data), "\n") {
		if line == "" {
			continue
		}
		var r struct {
			SFEN  string `json:"sfen"`
			Index *int   `json:"index"`
		}
		if err := json.Unmarshal([]byte(line), &r); err != nil || r.Index == nil {
			t.Fatalf("not a record of generate (%v): %q", err, line)
		}
		p, err := shogi.ParseSFEN(r.SFEN)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, jsonlRecord{line: line, index: *r.Index, key: gen.CanonicalKey(&p)})
	}
	return recs
}

// mergeShards does what a bank's merge does with the shards' outputs: it
// puts their records in index order and drops each record whose
// canonical key (the position up to mirroring) a lower index has.
func mergeShards(t *testing.T, outputs [][]byte) []byte {
	t.Helper()
	var all []jsonlRecord
	for _, out := range outputs {
		all = append(all, readJSONL(t, out)...)
	}
	slices.SortStableFunc(all, func(a, b jsonlRecord) int { return cmp.Compare(a.index, b.index) })
	seen := map[string]bool{}
	var b bytes.Buffer
	for i, r := range all {
		if i > 0 && all[i-1].index == r.index {
			t.Fatalf("two shards have index %d", r.index)
		}
		if !seen[r.key] {
			seen[r.key] = true
			b.WriteString(r.line)
		}
	}
	return b.Bytes()
}

// TestGenerateShardSimulation is the sharded generation of
// deploy/README.md in small: a run split into shards, each a process of
// its own, some killed part-way and run again, the outputs merged in
// index order with mirror images dropped, gives byte for byte the output
// of the single run.
func TestGenerateShardSimulation(t *testing.T) {
	if testing.Short() {
		t.Skip("runs generate as processes")
	}
	const shards = 4
	for _, c := range []struct {
		name string
		args []string
	}{
		{"mate1", []string{"--n", "8000", "--max_pieces", "4", "--seed", "3"}},
		{"mate3", []string{"--length", "3", "--n", "240", "--max_pieces", "4", "--king", "corner", "--seed", "2"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			args := append([]string{"generate", "--format", "jsonl", "--progress", "never"}, c.args...)
			single := filepath.Join(dir, "single.jsonl")
			if out, err := tsumeProcess(append(args, "--workers", "2", "--out", single)...).CombinedOutput(); err != nil {
				t.Fatalf("single run: %v: %s", err, out)
			} else if strings.Contains(string(out), " 0 duplicates") {
				t.Fatalf("single run without duplicates, which the test needs: %s", out)
			}
			want, err := os.ReadFile(single)
			if err != nil {
				t.Fatal(err)
			}

			path := func(k int) string { return filepath.Join(dir, fmt.Sprintf("shard-%d.jsonl", k)) }
			shardCmd := func(k int) *exec.Cmd {
				return tsumeProcess(append(args, "--shard", fmt.Sprintf("%d/%d", k, shards), "--workers", "1", "--out", path(k))...)
			}
			// All shards at once; 1 and 2 are killed once they have
			// written something.
			cmds := make([]*exec.Cmd, shards)
			for k := range shards {
				cmds[k] = shardCmd(k)
				if err := cmds[k].Start(); err != nil {
					t.Fatal(err)
				}
			}
			killed := map[int][]byte{}
			for _, k := range []int{1, 2} {
				deadline := time.Now().Add(10 * time.Second)
				for time.Now().Before(deadline) {
					if data, err := os.ReadFile(path(k)); err == nil && bytes.IndexByte(data, '\n') >= 0 {
						break
					}
					time.Sleep(time.Millisecond)
				}
				if err := cmds[k].Process.Kill(); err != nil {
					t.Logf("shard %d: kill: %v", k, err)
				}
			}
			midRun := 0
			for k, cmd := range cmds {
				err := cmd.Wait()
				if k != 1 && k != 2 {
					if err != nil {
						t.Fatalf("shard %d: %v", k, err)
					}
					continue
				}
				data, rerr := os.ReadFile(path(k))
				if rerr != nil {
					t.Fatal(rerr)
				}
				readJSONL(t, data) // whole, valid records only
				killed[k] = data
				if err != nil { // killed before it was done
					midRun++
				}
			}
			if midRun == 0 {
				t.Fatal("every shard to be killed ended first: the runs are too short for the test")
			}
			// Resume is a rerun; shard 2 takes its number from the
			// environment, as in a Kubernetes Indexed Job.
			for _, k := range []int{1, 2} {
				cmd := shardCmd(k)
				if k == 2 {
					cmd = tsumeProcess(append(args, "--shard", fmt.Sprintf("auto/%d", shards), "--workers", "2", "--out", path(k))...)
					cmd.Env = append(cmd.Env, fmt.Sprintf("%s=%d", shardIndexEnv, k))
				}
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("shard %d rerun: %v: %s", k, err, out)
				} else if want := fmt.Sprintf("shard %d/%d (", k, shards); !strings.HasPrefix(string(out), want) {
					t.Errorf("shard %d rerun: summary %q, want it to start %q", k, out, want)
				}
			}

			outputs := make([][]byte, shards)
			for k := range shards {
				if outputs[k], err = os.ReadFile(path(k)); err != nil {
					t.Fatal(err)
				}
				for _, r := range readJSONL(t, outputs[k]) {
					if r.index%shards != k {
						t.Fatalf("shard %d has index %d", k, r.index)
					}
				}
				if part, ok := killed[k]; ok && !bytes.HasPrefix(outputs[k], part) {
					t.Errorf("shard %d: what the killed run wrote is not a prefix of the rerun's output", k)
				}
			}
			if got := mergeShards(t, outputs); !bytes.Equal(got, want) {
				t.Errorf("the merged shards (%d bytes) differ from the single run (%d bytes)", len(got), len(want))
			}
			// Shards that do their own dedup only, merged without it, are
			// not the single run: the merge's dedup is needed (the test
			// would pass vacuously otherwise).
			if bytes.Equal(bytes.Join(outputs, nil), want) || len(bytes.Join(outputs, nil)) <= len(want) {
				t.Error("the shards hold no duplicate across them: the merge's dedup is untested")
			}
		})
	}
}

func TestParseShard(t *testing.T) {
	env := func(v string, set bool) func(string) (string, bool) {
		return func(key string) (string, bool) {
			if key != shardIndexEnv {
				t.Errorf("parseShard reads %s", key)
			}
			return v, set
		}
	}
	unset := env("", false)
	for _, c := range []struct {
		text   string
		lookup func(string) (string, bool)
		want   gen.Shard
		err    string
	}{
		{"", unset, gen.Shard{}, ""},
		{"2/5", unset, gen.Shard{K: 2, N: 5}, ""},
		{"auto/5", env("4", true), gen.Shard{K: 4, N: 5}, ""},
		{"auto/5", unset, gen.Shard{}, "--shard auto/5: JOB_COMPLETION_INDEX is not set"},
		{"auto/5", env("", true), gen.Shard{}, "JOB_COMPLETION_INDEX is not set"},
		{"auto/5", env("x", true), gen.Shard{}, `JOB_COMPLETION_INDEX="x" is not a whole number`},
		{"auto/5", env("5", true), gen.Shard{}, "--shard: shard 5/5: the shard number must be from 0 to 4"},
		{"5/5", unset, gen.Shard{}, "the shard number must be from 0 to 4"},
		{"1/0", unset, gen.Shard{}, "the number of shards must be at least 1"},
		{"1", unset, gen.Shard{}, "want K/N"},
		{"a/2", unset, gen.Shard{}, `the shard number "a" is not a whole number`},
	} {
		s, err := parseShard(c.text, c.lookup)
		if s != c.want || (err == nil) != (c.err == "") || err != nil && !strings.Contains(err.Error(), c.err) {
			t.Errorf("parseShard(%q) = %v, %v; want %v, error containing %q", c.text, s, err, c.want, c.err)
		}
	}
}

func TestGenerateShardFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--shard", "0/2"}, "--shard needs --format jsonl or --bank FILE"},
		{[]string{"--shard", "0/2", "--format", "kif"}, "--shard needs --format jsonl or --bank FILE"},
		{[]string{"--shard", "2/2", "--format", "jsonl"}, "--shard: shard 2/2: the shard number must be from 0 to 1"},
		{[]string{"--shard", "0/2", "--length", "3"}, "--shard needs --format jsonl or --bank FILE"},
	} {
		out, errs, code := runGenerateCLI(t, t.Context(), c.args...)
		if code != ExitError || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("generate %v: exit %d, stdout %q, stderr %q; want exit 2 and one line containing %q", c.args, code, out, errs, c.want)
		}
	}
	// A shard may take no index at all: it writes nothing and succeeds.
	out, errs, code := runGenerateCLI(t, t.Context(), "--n", "3", "--shard", "5/6", "--format", "jsonl")
	if code != ExitOK || out != "" || !strings.HasPrefix(errs, "shard 5/6 (0 of 3 indices): generated 0 problems from 0 candidates") {
		t.Errorf("shard 5/6 of 3 indices: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	// A shard's records are the single run's at the same indices.
	whole, _, code := runGenerateCLI(t, t.Context(), "--n", "7", "--format", "jsonl")
	part, errs, code2 := runGenerateCLI(t, t.Context(), "--n", "7", "--shard", "1/3", "--format", "jsonl")
	if code != ExitOK || code2 != ExitOK || !strings.HasPrefix(errs, "shard 1/3 (2 of 7 indices): generated 2 problems") {
		t.Fatalf("exit %d and %d, stderr %q", code, code2, errs)
	}
	lines := strings.SplitAfter(whole, "\n")
	if want := lines[1] + lines[4]; part != want {
		t.Errorf("shard 1/3 of 7 indices:\n%s\nwant lines 2 and 5 of the single run:\n%s", part, want)
	}
}

// TestDeployManifest checks deploy/job.yaml without a YAML parser: the
// key lines of an Indexed Job whose dead pods are rerun, and container
// arguments that generate accepts, for the shard N that completions says.
func TestDeployManifest(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "deploy", "job.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, want := range []string{"\nkind: Job\n", "\n  completionMode: Indexed\n", "\n  backoffLimitPerIndex: ", "\n      restartPolicy: Never", "\n  parallelism: ", "mountPath: /data\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("job.yaml has no %q", strings.TrimSpace(want))
		}
	}
	var completions int
	if _, err := fmt.Sscanf(text[strings.Index(text, "\n  completions: ")+1:], "  completions: %d", &completions); err != nil {
		t.Fatalf("job.yaml: completions: %v", err)
	}
	// The container's arguments: the list under "args:".
	var args []string
	_, rest, ok := strings.Cut(text, "\n          args:\n")
	if !ok {
		t.Fatal("job.yaml has no args")
	}
	for line := range strings.SplitSeq(rest, "\n") {
		item, ok := strings.CutPrefix(line, "            - ")
		if !ok {
			break
		}
		args = append(args, strings.ReplaceAll(item, "$(JOB_COMPLETION_INDEX)", "3"))
	}
	if len(args) < 2 || args[0] != "generate" {
		t.Fatalf("job.yaml args %q: want generate and its flags", args)
	}
	fs := flag.NewFlagSet("generate", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	setupGenerate(fs)
	var flags []string
	for _, a := range args[1:] {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name == "bank" {
			// The shard's own bank file, here rather than under /data.
			flags = append(flags, "--bank="+filepath.Join(t.TempDir(), "shard-3.db"))
			continue
		}
		flags = append(flags, a)
	}
	if err := fs.Parse(flags); err != nil || fs.NArg() != 0 {
		t.Fatalf("job.yaml args %q: %v", args, err)
	}
	// The flags pass generate's checks: a run of them with its context
	// ended at once is interrupted, not refused.
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	var stderr bytes.Buffer
	if code := Run(ctx, append([]string{"generate"}, flags...), nil, io.Discard, &stderr); code != ExitInterrupted {
		t.Errorf("generate %q: exit %d, %s", flags, code, stderr.String())
	}
	sh, err := parseShard(fs.Lookup("shard").Value.String(), func(string) (string, bool) { return "", false })
	if err != nil || sh.K != 3 || sh.N != completions {
		t.Errorf("job.yaml: --shard %v (%v) with completions %d: want the completion index / completions", sh, err, completions)
	}
	if !strings.Contains(text, "/data/shard-$(JOB_COMPLETION_INDEX).") {
		t.Error("job.yaml: each shard must write a file of its own under /data")
	}
}

package cli

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/bank"
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
// of the single run with the same --indices. In the jsonl form the
// shards' files are merged as mergeShards does; in the bank form each
// shard writes a bank, tsume bank merge makes one of them (the files
// given out of order), and its export is the single run's bank's export.
func TestGenerateShardSimulation(t *testing.T) {
	if testing.Short() {
		t.Skip("runs generate as processes")
	}
	for _, c := range []struct {
		name string
		args []string
	}{
		{"mate1", []string{"--indices", "8000", "--max_pieces", "4", "--seed", "3"}},
		{"mate3", []string{"--length", "3", "--indices", "240", "--max_pieces", "6", "--king", "corner", "--seed", "2"}},
	} {
		for _, form := range []shardForm{jsonlForm{}, bankForm{}} {
			t.Run(c.name+"/"+form.name(), func(t *testing.T) { simulateShards(t, form, c.args) })
		}
	}
}

// shardForm is what the shards of TestGenerateShardSimulation write.
type shardForm interface {
	name() string
	// output returns the flags that write to the file name (no extension)
	// in dir, and the file's path.
	output(dir, name string) (flags []string, path string)
	// hasSome reports whether the file holds a problem already.
	hasSome(path string) bool
	// patience is how long to wait for hasSome before the kill.
	patience() time.Duration
	// partial checks what a killed shard left and returns what the rerun
	// must keep.
	partial(t *testing.T, path string) []byte
	// resumed checks the rerun of a killed shard, its output out and
	// summary summary, against what the killed run left.
	resumed(t *testing.T, path string, left []byte, summary string)
	// merge merges the shards' files, listed out of order, and returns
	// the result and the single run's, in jsonl; it checks that the
	// merge dropped duplicates across shards.
	merge(t *testing.T, dir string, shards []string, single string) (got, want []byte)
}

func simulateShards(t *testing.T, form shardForm, runArgs []string) {
	const shards = 4
	dir := t.TempDir()
	args := append([]string{"generate", "--progress", "never"}, runArgs...)
	outFlags, single := form.output(dir, "single")
	if out, err := tsumeProcess(append(append(args, outFlags...), "--workers", "2")...).CombinedOutput(); err != nil {
		t.Fatalf("single run: %v: %s", err, out)
	} else if strings.Contains(string(out), ", 0 duplicates)") {
		t.Fatalf("single run without duplicates, which the test needs: %s", out)
	}

	paths := make([]string, shards)
	shardCmd := func(k int, shard string, workers int) *exec.Cmd {
		flags, path := form.output(dir, fmt.Sprintf("shard-%d", k))
		paths[k] = path
		return tsumeProcess(append(append(args, flags...), "--shard", shard, "--workers", strconv.Itoa(workers))...)
	}
	// All shards at once. Shard 2 is killed as soon as it has started,
	// so that one shard at least is killed part-way however fast the
	// machine (a run that ends first would leave the resume untested);
	// shard 1 is killed once it has written something (a bank commits
	// every 1000 problems or 2 seconds, so a short shard may be killed
	// before it commits, its bank empty, or may end first on a fast
	// machine).
	cmds := make([]*exec.Cmd, shards)
	for k := range shards {
		cmds[k] = shardCmd(k, fmt.Sprintf("%d/%d", k, shards), 1)
		if err := cmds[k].Start(); err != nil {
			t.Fatal(err)
		}
		if k == 2 {
			if err := cmds[k].Process.Kill(); err != nil {
				t.Logf("shard %d: kill: %v", k, err)
			}
		}
	}
	deadline := time.Now().Add(form.patience())
	for time.Now().Before(deadline) && !form.hasSome(paths[1]) {
		time.Sleep(5 * time.Millisecond)
	}
	if err := cmds[1].Process.Kill(); err != nil {
		t.Logf("shard 1: kill: %v", err)
	}
	killed := map[int][]byte{}
	midRun := 0
	for k, cmd := range cmds {
		err := cmd.Wait()
		if k != 1 && k != 2 {
			if err != nil {
				t.Fatalf("shard %d: %v", k, err)
			}
			continue
		}
		killed[k] = form.partial(t, paths[k])
		if err != nil { // killed before it was done
			midRun++
		}
	}
	if midRun == 0 {
		t.Fatal("every shard to be killed ended first: the runs are too short for the test")
	}
	// Resume is a rerun; shard 2 takes its number from the environment,
	// as in a Kubernetes Indexed Job.
	for _, k := range []int{1, 2} {
		cmd := shardCmd(k, fmt.Sprintf("%d/%d", k, shards), 1)
		if k == 2 {
			cmd = shardCmd(k, fmt.Sprintf("auto/%d", shards), 2)
			cmd.Env = append(cmd.Env, fmt.Sprintf("%s=%d", shardIndexEnv, k))
		}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("shard %d rerun: %v: %s", k, err, out)
		} else if want := fmt.Sprintf("shard %d/%d (", k, shards); !strings.HasPrefix(string(out), want) {
			t.Errorf("shard %d rerun: summary %q, want it to start %q", k, out, want)
		}
		form.resumed(t, paths[k], killed[k], string(out))
	}
	got, want := form.merge(t, dir, paths, single)
	if !bytes.Equal(got, want) {
		t.Errorf("the merged shards (%d bytes) differ from the single run (%d bytes)", len(got), len(want))
	}
}

// jsonlForm: the shards write jsonl, merged by mergeShards.
type jsonlForm struct{}

func (jsonlForm) name() string { return "jsonl" }

func (jsonlForm) output(dir, name string) ([]string, string) {
	path := filepath.Join(dir, name+".jsonl")
	return []string{"--format", "jsonl", "--out", path}, path
}

func (jsonlForm) patience() time.Duration { return 20 * time.Second }

func (jsonlForm) hasSome(path string) bool {
	data, err := os.ReadFile(path)
	return err == nil && bytes.IndexByte(data, '\n') >= 0
}

func (jsonlForm) partial(t *testing.T, path string) []byte {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil // killed before it opened its output
	} else if err != nil {
		t.Fatal(err)
	}
	// A record is written with one write call, but SIGKILL may cut a
	// write to a regular file between two pages (Linux checks for a fatal
	// signal at each page it copies), so the last line may be a part of a
	// record; everything before it must be whole, valid records. (A
	// cancelled run leaves whole records only: TestGenerateMateNInterrupted.)
	whole := data
	if i := bytes.LastIndexByte(data, '\n'); i+1 < len(data) {
		t.Logf("%s: the kill cut the last record (%d bytes left of it)", path, len(data)-i-1)
		whole = data[:i+1]
	}
	readJSONL(t, whole)
	return data
}

func (jsonlForm) resumed(t *testing.T, path string, left []byte, _ string) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, left) {
		t.Errorf("%s: what the killed run wrote is not a prefix of the rerun's output", path)
	}
}

func (jsonlForm) merge(t *testing.T, dir string, paths []string, single string) (got, want []byte) {
	outputs := make([][]byte, len(paths))
	for k, path := range paths {
		var err error
		if outputs[k], err = os.ReadFile(path); err != nil {
			t.Fatal(err)
		}
		for _, r := range readJSONL(t, outputs[k]) {
			if r.index%len(paths) != k {
				t.Fatalf("shard %d has index %d", k, r.index)
			}
		}
	}
	want, err := os.ReadFile(single)
	if err != nil {
		t.Fatal(err)
	}
	// Shards that do their own dedup only, merged without it, are not
	// the single run: the merge's dedup is needed (the test would pass
	// vacuously otherwise).
	if all := bytes.Join(outputs, nil); len(all) <= len(want) {
		t.Error("the shards hold no duplicate across them: the merge's dedup is untested")
	}
	return mergeShards(t, outputs), want
}

// bankForm: each shard writes a bank (--bank), merged by tsume bank merge.
type bankForm struct{}

func (bankForm) name() string { return "bank" }

func (bankForm) output(dir, name string) ([]string, string) {
	path := filepath.Join(dir, name+".db")
	return []string{"--bank", path}, path
}

// bankCount returns the number of problems in the bank at path, or -1.
func bankCount(path string) int {
	if _, err := os.Stat(path); err != nil {
		return -1
	}
	b, err := bank.Open(context.Background(), path)
	if err != nil {
		return -1
	}
	defer b.Close()
	n, err := b.Count(context.Background(), bank.Query{})
	if err != nil {
		return -1
	}
	return n
}

func (bankForm) hasSome(path string) bool { return bankCount(path) > 0 }

func (bankForm) patience() time.Duration { return 300 * time.Millisecond }

func (bankForm) partial(t *testing.T, path string) []byte {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return []byte("0") // killed before it created its bank
	}
	n := bankCount(path)
	if n < 0 {
		t.Fatalf("%s: not a bank after the kill", path)
	}
	t.Logf("%s: %d problems committed before the kill", path, n)
	return []byte(strconv.Itoa(n))
}

func (bankForm) resumed(t *testing.T, path string, left []byte, summary string) {
	// The rerun passes over what the killed run committed.
	var added, dups int
	i := strings.Index(summary, "bank "+path+": ")
	if i < 0 {
		t.Fatalf("no bank summary in %q", summary)
	}
	if _, err := fmt.Sscanf(summary[i+len("bank "+path+": "):], "%d problems added, %d duplicate", &added, &dups); err != nil {
		t.Fatalf("bank summary %q: %v", summary[i:], err)
	}
	if n, _ := strconv.Atoi(string(left)); dups < n || bankCount(path) != n+added {
		t.Errorf("%s: the killed run left %d problems, the rerun added %d and passed over %d, the bank holds %d", path, n, added, dups, bankCount(path))
	}
}

func (bankForm) merge(t *testing.T, dir string, paths []string, single string) (got, want []byte) {
	export := func(path string) []byte {
		var out, errb bytes.Buffer
		if code := Run(context.Background(), []string{"bank", "export", "--bank", path, "--format", "jsonl"}, nil, &out, &errb); code != ExitOK {
			t.Fatalf("bank export %s: exit %d: %s", path, code, errb.String())
		}
		return out.Bytes()
	}
	merged := filepath.Join(dir, "merged.db")
	var errb bytes.Buffer
	args := []string{"bank", "merge", "--bank", merged}
	for k := len(paths) - 1; k >= 0; k-- { // out of order
		args = append(args, paths[k])
	}
	if code := Run(context.Background(), args, nil, io.Discard, &errb); code != ExitOK {
		t.Fatalf("bank merge: exit %d: %s", code, errb.String())
	}
	sum := 0
	for _, path := range paths {
		sum += bankCount(path)
	}
	if sum <= bankCount(merged) {
		t.Error("the shards' banks hold no duplicate across them: the merge's dedup is untested")
	}
	return export(merged), export(single)
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
		{[]string{"--shard", "0/2", "--indices", "9"}, "--shard needs --format jsonl or --bank FILE"},
		{[]string{"--shard", "0/2", "--indices", "9", "--format", "kif"}, "--shard needs --format jsonl or --bank FILE"},
		{[]string{"--shard", "2/2", "--indices", "9", "--format", "jsonl"}, "--shard: shard 2/2: the shard number must be from 0 to 1"},
		{[]string{"--shard", "0/2", "--indices", "9", "--length", "3"}, "--shard needs --format jsonl or --bank FILE"},
		{[]string{"--shard", "0/2", "--format", "jsonl"}, "--shard needs --indices M"},
		{[]string{"--shard", "0/2", "--n", "9", "--bank", "x.db"}, "--shard needs --indices M"},
		{[]string{"--n", "5", "--indices", "5"}, "--n and --indices: give one"},
		{[]string{"--indices", "0"}, "--indices 0: want at least 1 index"},
	} {
		out, errs, code := runGenerateCLI(t, t.Context(), c.args...)
		if code != ExitError || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("generate %v: exit %d, stdout %q, stderr %q; want exit 2 and one line containing %q", c.args, code, out, errs, c.want)
		}
	}
	// A shard may take no index at all: it writes nothing and succeeds.
	out, errs, code := runGenerateCLI(t, t.Context(), "--indices", "3", "--shard", "5/6", "--format", "jsonl")
	if code != ExitOK || out != "" || !strings.HasPrefix(errs, "shard 5/6 (0 of 3 indices): generated 0 problems from 0 candidates") {
		t.Errorf("shard 5/6 of 3 indices: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	// A shard's records are the single run's at the same indices.
	whole, _, code := runGenerateCLI(t, t.Context(), "--indices", "7", "--format", "jsonl")
	part, errs, code2 := runGenerateCLI(t, t.Context(), "--indices", "7", "--shard", "1/3", "--format", "jsonl")
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

// --n N counts problems: a run writes exactly N, the first N of the run
// over enough indices, duplicates dropped on the way; --indices M counts
// indices.
func TestGenerateCount(t *testing.T) {
	byIndex, errs, code := runGenerateCLI(t, t.Context(), "--indices", "400", "--max_pieces", "3", "--workers", "2")
	if code != ExitOK || strings.Contains(errs, ", 0 duplicates)") {
		t.Fatalf("--indices 400: exit %d, stderr %q; want some duplicates", code, errs)
	}
	lines := strings.SplitAfter(byIndex, "\n")
	lines = lines[:len(lines)-1]
	if len(lines) >= 400 || len(lines) < 300 {
		t.Fatalf("--indices 400 gives %d problems: want fewer than 400, at least 300", len(lines))
	}
	for _, workers := range []string{"1", "3"} {
		out, errs, code := runGenerateCLI(t, t.Context(), "--n", "300", "--max_pieces", "3", "--workers", workers)
		if want := strings.Join(lines[:300], ""); code != ExitOK || out != want || !strings.HasPrefix(errs, "generated 300 problems") {
			t.Errorf("--n 300 --workers %s: exit %d, stderr %q; want the first 300 problems of --indices 400", workers, code, errs)
		}
	}
}

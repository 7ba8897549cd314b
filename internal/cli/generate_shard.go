package cli

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/problem"
)

// shardIndexEnv names the environment variable that --shard auto/N takes
// the shard number from: the completion index Kubernetes gives each pod
// of an Indexed Job.
const shardIndexEnv = "JOB_COMPLETION_INDEX"

// parseShard reads the --shard flag: K/N, or auto/N with K from the
// environment variable JOB_COMPLETION_INDEX (lookup reads it), which must
// then be set to a whole number from 0 to N-1. An empty flag is the whole
// run.
func parseShard(text string, lookup func(string) (string, bool)) (gen.Shard, error) {
	if text == "" {
		return gen.Shard{}, nil
	}
	k, n, ok := strings.Cut(text, "/")
	if ok && k == "auto" {
		v, set := lookup(shardIndexEnv)
		if !set || v == "" {
			return gen.Shard{}, fmt.Errorf("--shard %s: %s is not set (Kubernetes sets it in the pods of an Indexed Job); give the shard number, --shard K/%s", text, shardIndexEnv, n)
		}
		if _, err := strconv.Atoi(v); err != nil {
			return gen.Shard{}, fmt.Errorf("--shard %s: %s=%q is not a whole number", text, shardIndexEnv, v)
		}
		text = v + "/" + n
	}
	s, err := gen.ParseShard(text)
	if err != nil {
		return gen.Shard{}, fmt.Errorf("--shard: %w", err)
	}
	return s, nil
}

// shardFlagErrors returns what is wrong with --shard sh for --indices
// (0 when not given), the format and the bank file (--bank).
func shardFlagErrors(sh gen.Shard, indices int, format, bankPath string) []error {
	if sh == (gen.Shard{}) {
		return nil
	}
	var errs []error
	if indices == 0 {
		errs = append(errs, errors.New("--shard needs --indices M: the shards split the indices 0 to M-1 of one run (--n counts problems, which a shard cannot know)"))
	}
	if format != "jsonl" && bankPath == "" {
		errs = append(errs, errors.New("--shard needs --format jsonl or --bank FILE: a merge of the shards needs each problem's index, which both record"))
	}
	return errs
}

// span is what a run of generate covers: n problems, or with indices > 0
// the indices 0 to indices-1 of the shard.
type span struct {
	n, indices int
	shard      gen.Shard
}

// run runs g over the span.
func (sp span) run(ctx context.Context, g *gen.Generator, workers int, emit func(problem.Problem) error) (gen.Stats, error) {
	if sp.indices > 0 {
		return g.RunShard(ctx, sp.indices, sp.shard, workers, emit)
	}
	return g.Run(ctx, sp.n, workers, emit)
}

// size returns the number of problems asked for, or with --indices the
// number of indices of the shard.
func (sp span) size() int {
	if sp.indices > 0 {
		return sp.shard.Size(sp.indices)
	}
	return sp.n
}

// done says how far a run got, verb "found" or "written": "found 3 of 10
// problems", "3 of 10 problems written", or with --indices "found 3
// problems, from 4 of 10 indices".
func (sp span) done(problems int, verb string, st gen.Stats) string {
	what := fmt.Sprintf("%d of %d problems", problems, sp.n)
	if sp.indices > 0 {
		what = fmt.Sprintf("%d problem%s", problems, plural(problems))
	}
	if verb == "found" {
		what = verb + " " + what
	} else {
		what += " " + verb
	}
	if sp.indices > 0 {
		what += fmt.Sprintf(", from %d of %d indices", st.Problems+st.Duplicates, sp.size())
	}
	return what
}

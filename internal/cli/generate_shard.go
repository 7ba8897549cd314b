package cli

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/tsume-shogi/tsume/gen"
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

// shardFlagErrors returns what is wrong with --shard sh for the format
// and the bank file (--bank).
func shardFlagErrors(sh gen.Shard, format, bankPath string) []error {
	if sh == (gen.Shard{}) || format == "jsonl" || bankPath != "" {
		return nil
	}
	return []error{errors.New("--shard needs --format jsonl or --bank FILE: a merge of the shards needs each problem's index, which both record")}
}

package cli

import (
	"errors"
	"flag"
	"strconv"
	"strings"
	"time"
)

// Flag values whose parse errors say what the flag wants: the flag
// package's own say only "parse error".

// durationValue is a time.Duration flag that wants its unit: "--time 5"
// says so instead of failing to parse.
type durationValue time.Duration

func (d *durationValue) String() string { return time.Duration(*d).String() }

func (d *durationValue) Set(s string) error {
	v, err := time.ParseDuration(s)
	if err != nil {
		if _, nerr := strconv.ParseFloat(s, 64); nerr == nil {
			return errors.New("durations need a unit, e.g. " + s + "s")
		}
		return errors.New("want a duration such as 10s, 1m30s or 500ms")
	}
	*d = durationValue(v)
	return nil
}

// durationFlag defines a duration flag on fs, as fs.Duration does.
func durationFlag(fs *flag.FlagSet, name string, value time.Duration, usage string) *time.Duration {
	p := new(time.Duration)
	*p = value
	fs.Var((*durationValue)(p), name, usage)
	return p
}

// uint64Value is a uint64 flag that names its range when the value is
// negative or not a whole number.
type uint64Value uint64

func (u *uint64Value) String() string { return strconv.FormatUint(uint64(*u), 10) }

func (u *uint64Value) Set(s string) error {
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return errors.New("want a whole number from 0 to " + strconv.FormatUint(1<<64-1, 10))
	}
	*u = uint64Value(v)
	return nil
}

// uint64Flag defines a uint64 flag on fs, as fs.Uint64 does.
func uint64Flag(fs *flag.FlagSet, name string, value uint64, usage string) *uint64 {
	p := new(uint64)
	*p = value
	fs.Var((*uint64Value)(p), name, usage)
	return p
}

// repeatedFlag is a flag that may be given several times; it holds every
// value, in order.
type repeatedFlag []string

func (l *repeatedFlag) String() string { return strings.Join(*l, ", ") }

// Set adds one value.
func (l *repeatedFlag) Set(s string) error {
	*l = append(*l, s)
	return nil
}

package nnue

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
)

// A FormatError reports an evaluation file that is not a HalfKP
// 256x2-32-32 network: truncated, corrupt, or of another architecture.
// It names the section of the file and the byte offset where the problem
// lies.
type FormatError struct {
	File    string // the file's name, when read by Load
	Section string // the part of the file, such as "feature transformer weights"
	Offset  int64  // the byte offset of the problem in the file
	Msg     string // what is wrong
	Err     error  // the underlying error, such as io.ErrUnexpectedEOF, or nil
}

// Error returns the message, "nnue: FILE: SECTION at offset N: MSG".
func (e *FormatError) Error() string {
	s := "nnue: "
	if e.File != "" {
		s += e.File + ": "
	}
	s += fmt.Sprintf("%s at offset %d: %s", e.Section, e.Offset, e.Msg)
	if e.Err != nil && e.Err != io.ErrUnexpectedEOF {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns the underlying error.
func (e *FormatError) Unwrap() error { return e.Err }

// Load reads the evaluation file at path; see Read. A problem with the
// file's contents is a *FormatError naming the file.
func Load(path string) (*Network, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("nnue: %w", err)
	}
	defer f.Close()
	n, err := Read(f)
	if fe, ok := errors.AsType[*FormatError](err); ok {
		fe.File = path
	}
	return n, err
}

// Read reads a HalfKP 256x2-32-32 network from r, which must hold exactly
// one evaluation file: the version, the hashes and the architecture string
// must be those of the format (docs/nnue.md), every section complete, and
// nothing may follow the output layer. The feature transformer may be in
// the plain form or in the LEB128-compressed one. Any problem is a
// *FormatError; Read never panics on bad input.
func Read(r io.Reader) (*Network, error) {
	d := &decoder{r: bufio.NewReaderSize(r, 1<<16)}
	n := &Network{}
	if err := d.header(n); err != nil {
		return nil, err
	}
	if err := d.expectHash("feature transformer hash", FeatureHash); err != nil {
		return nil, err
	}
	biases, c1, err := d.int16s("feature transformer biases", len(n.ftBiases))
	if err != nil {
		return nil, err
	}
	copy(n.ftBiases[:], biases)
	var c2 bool
	n.ftWeights, c2, err = d.int16s("feature transformer weights", NumFeatures*HalfDimensions)
	if err != nil {
		return nil, err
	}
	n.compressed = c1 || c2
	if err := d.expectHash("network hash", NetworkHash); err != nil {
		return nil, err
	}
	var l1 [hidden1Size * hidden1Inputs]int8
	if err := d.layer("hidden layer 1", n.l1Biases[:], l1[:]); err != nil {
		return nil, err
	}
	pack(n.l1Packed[:], l1[:], hidden1Inputs, hidden1Size)
	var l2 [hidden2Size * hidden1Size]int8
	if err := d.layer("hidden layer 2", n.l2Biases[:], l2[:]); err != nil {
		return nil, err
	}
	pack(n.l2Packed[:], l2[:], hidden1Size, hidden2Size)
	var ob [1]int32
	if err := d.layer("output layer", ob[:], n.outWeights[:]); err != nil {
		return nil, err
	}
	n.outBias = ob[0]
	if _, err := d.r.ReadByte(); err == nil {
		return nil, d.errorf("end of file", d.off, nil, "data after the output layer (the network ends at offset %d)", d.off)
	} else if err != io.EOF {
		return nil, d.errorf("end of file", d.off, err, "read error")
	}
	return n, nil
}

// A decoder reads a file section by section, counting its offset.
type decoder struct {
	r   *bufio.Reader
	off int64
	buf [1 << 14]byte
}

func (d *decoder) errorf(section string, off int64, err error, format string, args ...any) *FormatError {
	return &FormatError{Section: section, Offset: off, Msg: fmt.Sprintf(format, args...), Err: err}
}

// full reads len(p) bytes of section, which begins at start and is size
// bytes long.
func (d *decoder) full(section string, start, size int64, p []byte) error {
	n, err := io.ReadFull(d.r, p)
	d.off += int64(n)
	switch {
	case err == nil:
		return nil
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		return d.errorf(section, d.off, io.ErrUnexpectedEOF,
			"truncated file: it ends %d bytes into the %d-byte section that begins at offset %d", d.off-start, size, start)
	default:
		return d.errorf(section, d.off, err, "read error")
	}
}

// uint32 reads a little-endian uint32 of section.
func (d *decoder) uint32(section string) (uint32, error) {
	var b [4]byte
	if err := d.full(section, d.off, 4, b[:]); err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint32(b[:]), nil
}

// expectHash reads a hash and checks it.
func (d *decoder) expectHash(section string, want uint32) error {
	off := d.off
	h, err := d.uint32(section)
	if err != nil {
		return err
	}
	if h != want {
		return d.errorf(section, off, nil, "hash 0x%08X, want 0x%08X (not a HalfKP 256x2-32-32 network)", h, want)
	}
	return nil
}

// header reads and checks the version, the hash and the architecture.
func (d *decoder) header(n *Network) error {
	v, err := d.uint32("header version")
	if err != nil {
		return err
	}
	if v != Version {
		return d.errorf("header version", 0, nil, "version 0x%08X, want 0x%08X (not a YaneuraOu-style NNUE file)", v, Version)
	}
	if err := d.expectHash("header hash", FileHash); err != nil {
		return err
	}
	size, err := d.uint32("header architecture length")
	if err != nil {
		return err
	}
	if size > maxArchitecture {
		return d.errorf("header architecture length", 8, nil, "architecture string of %d bytes (at most %d)", size, maxArchitecture)
	}
	arch := make([]byte, size)
	if err := d.full("header architecture", 12, int64(size), arch); err != nil {
		return err
	}
	n.arch = string(arch)
	if n.arch != Architecture && n.arch != sparseArchitecture {
		return d.errorf("header architecture", 12, nil, "architecture %q, want %q", n.arch, Architecture)
	}
	return nil
}

// int16s reads count little-endian int16 values of section, plain or
// LEB128-compressed, and reports whether they were compressed. The result
// grows as the data arrives, so that a truncated file never makes Read
// allocate much more than the file holds.
func (d *decoder) int16s(section string, count int) (vals []int16, compressed bool, err error) {
	if magic, err := d.r.Peek(len(leb128Magic)); err == nil && string(magic) == leb128Magic {
		vals, err := d.leb128(section, count)
		return vals, true, err
	}
	start := d.off
	vals = make([]int16, 0, min(count, 1<<16))
	for len(vals) < count {
		k := min(count-len(vals), len(d.buf)/2)
		if err := d.full(section, start, 2*int64(count), d.buf[:2*k]); err != nil {
			return nil, false, err
		}
		vals = grow(vals, count, k)
		out := vals[len(vals)-k:]
		for i := range out {
			out[i] = int16(binary.LittleEndian.Uint16(d.buf[2*i:]))
		}
	}
	return vals, false, nil
}

// grow returns vals extended in length by k, reallocating (at least
// doubling, at most to count) when its capacity is short.
func grow(vals []int16, count, k int) []int16 {
	n := len(vals) + k
	if n > cap(vals) {
		bigger := make([]int16, len(vals), min(count, max(2*cap(vals), n)))
		copy(bigger, vals)
		vals = bigger
	}
	return vals[:n]
}

// layer reads an affine layer: its int32 biases, then its int8 weights in
// the file's order (output-major, each row as long as the input).
func (d *decoder) layer(name string, biases []int32, weights []int8) error {
	section := name + " biases"
	start := d.off
	b := d.buf[:4*len(biases)]
	if err := d.full(section, start, int64(len(b)), b); err != nil {
		return err
	}
	for i := range biases {
		biases[i] = int32(binary.LittleEndian.Uint32(b[4*i:]))
	}
	section = name + " weights"
	start = d.off
	for done := 0; done < len(weights); {
		k := min(len(weights)-done, len(d.buf))
		if err := d.full(section, start, int64(len(weights)), d.buf[:k]); err != nil {
			return err
		}
		for i := range k {
			weights[done+i] = int8(d.buf[i])
		}
		done += k
	}
	return nil
}

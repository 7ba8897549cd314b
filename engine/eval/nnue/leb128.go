package nnue

// The LEB128-compressed form of an array (introduced by Stockfish for its
// feature transformer, and read by the YaneuraOu family for theirs): the
// 17 bytes "COMPRESSED_LEB128", a little-endian uint32 N, then N bytes
// holding exactly the array's values, each in signed LEB128 (seven bits a
// byte, low bits first, the high bit set on every byte but the last, the
// last byte's bit 6 the sign).
const leb128Magic = "COMPRESSED_LEB128"

// leb128 reads count int16 values of section in the compressed form.
func (d *decoder) leb128(section string, count int) ([]int16, error) {
	start := d.off
	var magic [len(leb128Magic)]byte
	if err := d.full(section, start, int64(len(magic)), magic[:]); err != nil {
		return nil, err
	}
	sizeOff := d.off
	size, err := d.uint32(section + " (compressed size)")
	if err != nil {
		return nil, err
	}
	// Each value takes one to three bytes.
	if size < uint32(count) || uint64(size) > 3*uint64(count) {
		return nil, d.errorf(section, sizeOff, nil,
			"compressed size %d bytes cannot hold %d LEB128 values (%d to %d bytes)", size, count, count, 3*count)
	}
	dataStart := d.off
	vals := make([]int16, 0, min(count, 1<<16))
	var (
		v     int32
		shift uint
		left  = int64(size)
	)
	for left > 0 {
		k := int(min(left, int64(len(d.buf))))
		chunkOff := d.off
		if err := d.full(section, dataStart, int64(size), d.buf[:k]); err != nil {
			return nil, err
		}
		left -= int64(k)
		for i, b := range d.buf[:k] {
			v |= int32(b&0x7f) << shift
			shift += 7
			if b&0x80 != 0 {
				if shift >= 21 {
					return nil, d.errorf(section, chunkOff+int64(i), nil, "LEB128 value %d longer than three bytes", len(vals))
				}
				continue
			}
			if b&0x40 != 0 {
				v |= -1 << shift
			}
			if v < -1<<15 || v >= 1<<15 {
				return nil, d.errorf(section, chunkOff+int64(i), nil, "LEB128 value %d is %d, outside int16", len(vals), v)
			}
			if len(vals) == count {
				return nil, d.errorf(section, chunkOff+int64(i), nil,
					"compressed data of %d bytes holds more than %d values", size, count)
			}
			vals = grow(vals, count, 1)
			vals[len(vals)-1] = int16(v)
			v, shift = 0, 0
		}
	}
	if shift != 0 {
		return nil, d.errorf(section, d.off, nil, "compressed data ends inside LEB128 value %d", len(vals))
	}
	if len(vals) != count {
		return nil, d.errorf(section, d.off, nil, "compressed data of %d bytes holds %d values, want %d", size, len(vals), count)
	}
	return vals, nil
}

// Package nnue evaluates shogi positions with an NNUE network in the
// HalfKP 256x2-32-32 format of the YaneuraOu family of engines, the
// evaluation files (nn.bin) that shogi users already have.
//
// Load or Read parses such a file into a Network, checking its size,
// version, hashes and architecture; New makes an Evaluator of the
// network, which implements eval.Evaluator and eval.Incremental: it keeps
// the network's first layer (the accumulator) for every ply of a search
// and updates it from the move played, feature by feature, instead of
// recomputing it. The arithmetic is the integer arithmetic the format
// defines, so an Evaluator scores a position exactly as the engines the
// file was trained for do, before their search.
//
// docs/nnue.md describes the file format byte by byte, the feature
// indexing and the arithmetic, with the public sources they come from.
// No evaluation file comes with tsume, and nothing is downloaded.
package nnue

// The dimensions of the HalfKP 256x2-32-32 network.
const (
	// NumFeatures is the number of HalfKP input features of one
	// perspective: a king square (81) times a BonaPiece (fe_end = 1548).
	NumFeatures = numSquares * feEnd // 125,388

	// HalfDimensions is the width of one perspective's accumulator.
	HalfDimensions = 256

	hidden1Inputs = 2 * HalfDimensions // 512
	hidden1Size   = 32
	hidden2Size   = 32

	// FileSize is the size in bytes of a file in the standard (not
	// compressed) form with the standard architecture string.
	FileSize = 64_217_066

	// DefaultFVScale is the divisor of the network's output that makes
	// it a score, as in YaneuraOu's FV_SCALE option; some popular files
	// play best with 20–24.
	DefaultFVScale = 16
)

// The constants of the file format (docs/nnue.md).
const (
	// Version is the format version stored in the first four bytes.
	Version uint32 = 0x7AF32F16

	// FileHash is the hash the header stores: FeatureHash ^ NetworkHash
	// (0x3E5AA6EE).
	FileHash = FeatureHash ^ NetworkHash

	// FeatureHash is the hash stored before the feature transformer: the
	// HalfKP(Friend) hash 0x5D69D5B8 xor its output width, 512.
	FeatureHash uint32 = 0x5D69D5B8 ^ hidden1Inputs

	// NetworkHash is the hash stored before the hidden layers, computed
	// from the layer structure as the format defines it (0x63337156).
	NetworkHash uint32 = outputHash

	// weightScaleBits is the right shift after each hidden affine layer.
	weightScaleBits = 6

	// maxArchitecture bounds the architecture string a file may declare,
	// so that a corrupt length cannot make Read allocate gigabytes.
	maxArchitecture = 1 << 12
)

// The layer hashes, as untyped constants reduced modulo 2³²: an
// InputSlice[512] feeds three affine layers of 32, 32 and 1 outputs, the
// first two followed by a clipped ReLU. An affine layer's hash is
// (0xCC03DAE4 + outputs) ^ prev>>1 ^ prev<<31, a clipped ReLU's
// 0x538D24C7 + prev.
const (
	mask32         = 1<<32 - 1
	inputSliceHash = 0xEC42E90D ^ hidden1Inputs
	hidden1Hash    = (0xCC03DAE4 + hidden1Size) ^ inputSliceHash>>1 ^ (inputSliceHash<<31)&mask32
	relu1Hash      = (0x538D24C7 + hidden1Hash) & mask32
	hidden2Hash    = (0xCC03DAE4 + hidden2Size) ^ relu1Hash>>1 ^ (relu1Hash<<31)&mask32
	relu2Hash      = (0x538D24C7 + hidden2Hash) & mask32
	outputHash     = (0xCC03DAE4 + 1) ^ relu2Hash>>1 ^ (relu2Hash<<31)&mask32
)

// Architecture is the architecture string of the standard file.
const Architecture = "Features=HalfKP(Friend)[125388->256x2]," +
	"Network=AffineTransform[1<-32](ClippedReLU[32](AffineTransform[32<-32]" +
	"(ClippedReLU[32](AffineTransform[32<-512](InputSlice[512(0:512)])))))"

// sparseArchitecture is the string a YaneuraOu build whose first hidden
// layer is a sparse-input affine layer writes for the same network: the
// layer computes the same function, and its hash is the same.
const sparseArchitecture = "Features=HalfKP(Friend)[125388->256x2]," +
	"Network=AffineTransform[1<-32](ClippedReLU[32](AffineTransform[32<-32]" +
	"(ClippedReLU[32](AffineTransformSparseInput[32<-512](InputSlice[512(0:512)])))))"

// A Network is a loaded HalfKP 256x2-32-32 network. It is read-only once
// loaded, and any number of Evaluators in any number of goroutines may
// share it.
type Network struct {
	arch       string
	compressed bool

	// The feature transformer: ftWeights[f*HalfDimensions+j] is the weight
	// of feature f for accumulator element j.
	ftBiases  [HalfDimensions]int16
	ftWeights []int16

	// The hidden layers, input-major, two outputs to an int64:
	// l1Packed[j*16+k] = w(2k, j) + w(2k+1, j)·2³², where w(i, j) is the
	// weight of input j for output i. One multiplication by an input then
	// serves two outputs (the sums stay below 2²³ in magnitude, so the two
	// halves never mix), and the forward pass skips the inputs that are
	// zero.
	l1Biases [hidden1Size]int32
	l1Packed [hidden1Inputs * hidden1Size / 2]int64
	l2Biases [hidden2Size]int32
	l2Packed [hidden1Size * hidden2Size / 2]int64

	outBias    int32
	outWeights [hidden2Size]int8
}

// Architecture returns the architecture string of the file the network
// was read from.
func (n *Network) Architecture() string { return n.arch }

// Compressed reports whether the file stored the feature transformer in
// the LEB128-compressed form.
func (n *Network) Compressed() bool { return n.compressed }

// pack stores the weights of an affine layer, given in the file's order
// (rows[i*inputs+j] is the weight of input j for output i), in the packed
// input-major form of Network.l1Packed.
func pack(dst []int64, rows []int8, inputs, outputs int) {
	for j := range inputs {
		for k := range outputs / 2 {
			lo, hi := int64(rows[2*k*inputs+j]), int64(rows[(2*k+1)*inputs+j])
			dst[j*outputs/2+k] = lo + hi<<32
		}
	}
}

// unpack splits a packed sum into its two halves: the sums of the even
// and of the odd output.
func unpack(s int64) (lo, hi int32) {
	l := int64(int32(s))
	return int32(l), int32((s - l) >> 32)
}

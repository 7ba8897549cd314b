package match

import (
	"fmt"
	"math"
)

// Stats is a match's score from the first engine's point of view.
type Stats struct {
	Wins, Draws, Losses int
}

// Games returns the number of games counted.
func (s Stats) Games() int { return s.Wins + s.Draws + s.Losses }

// Score returns the mean score, a win counting 1 and a draw 1/2, from 0
// to 1 (NaN without games).
func (s Stats) Score() float64 {
	return (float64(s.Wins) + float64(s.Draws)/2) / float64(s.Games())
}

// EloFromScore returns the Elo difference that the logistic model
// predicts a mean score s for: the expected score of a player rated D
// above the opponent is 1/(1+10^(-D/400)), so D = -400·log10(1/s − 1).
// It is +Inf at s = 1 and −Inf at s = 0.
func EloFromScore(s float64) float64 {
	return 400 * math.Log10(s/(1-s))
}

// Elo returns the Elo difference of the first engine over the second and
// its 95% confidence interval: the mean score with its standard error
// from the games' own spread (W, D, L scored 1, 1/2, 0, the standard
// deviation of the per-game score divided by √n), the interval score ±
// 1.96 standard errors, each end turned into Elo by EloFromScore. An end
// beyond 0 or 1 is an infinite Elo. Without games all three are NaN.
func (s Stats) Elo() (elo, low, high float64) {
	n := float64(s.Games())
	if n == 0 {
		return math.NaN(), math.NaN(), math.NaN()
	}
	m := s.Score()
	v := (float64(s.Wins)*(1-m)*(1-m) + float64(s.Draws)*(0.5-m)*(0.5-m) + float64(s.Losses)*m*m) / n
	se := math.Sqrt(v / n)
	const z = 1.959963984540054 // the 97.5% quantile of the normal distribution
	return EloFromScore(m), EloFromScore(clamp01(m - z*se)), EloFromScore(clamp01(m + z*se))
}

func clamp01(x float64) float64 { return min(1, max(0, x)) }

// String sums the match up: "W 6, D 1, L 3 (10 games), score 65.0%, Elo
// +107.5 [-41.7, +290.3] (95%)".
func (s Stats) String() string {
	if s.Games() == 0 {
		return "no games"
	}
	elo, low, high := s.Elo()
	games := fmt.Sprintf("%d games", s.Games())
	if s.Games() == 1 {
		games = "1 game"
	}
	return fmt.Sprintf("W %d, D %d, L %d (%s), score %.1f%%, Elo %s [%s, %s] (95%%)",
		s.Wins, s.Draws, s.Losses, games, 100*s.Score(), eloText(elo), eloText(low), eloText(high))
}

func eloText(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return fmt.Sprintf("%+.1f", x)
}

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
//
// When every game had the same result, the games show no spread and the
// normal approximation would give an interval of one point; the interval
// is then the exact one of the scores under which n equal results have a
// probability of at least 2.5%, the rate of that result being at least
// q = 0.025^(1/n) (as the Clopper–Pearson interval of a proportion with
// no successes): n losses give the scores [0, 1 − q], n wins [q, 1] and
// n draws [q/2, 1 − q/2]. Two losses so give −Inf for the difference and
// the interval [−Inf, +290.7].
func (s Stats) Elo() (elo, low, high float64) {
	n := float64(s.Games())
	if n == 0 {
		return math.NaN(), math.NaN(), math.NaN()
	}
	m := s.Score()
	if s.Wins == s.Games() || s.Draws == s.Games() || s.Losses == s.Games() {
		q := math.Pow((1-confidence)/2, 1/n)
		lo, hi := 0.0, 1-q // all lost
		switch {
		case s.Wins > 0:
			lo, hi = q, 1
		case s.Draws > 0:
			lo, hi = q/2, 1-q/2
		}
		return EloFromScore(m), EloFromScore(lo), EloFromScore(hi)
	}
	v := (float64(s.Wins)*(1-m)*(1-m) + float64(s.Draws)*(0.5-m)*(0.5-m) + float64(s.Losses)*m*m) / n
	se := math.Sqrt(v / n)
	const z = 1.959963984540054 // the 97.5% quantile of the normal distribution
	return EloFromScore(m), EloFromScore(clamp01(m - z*se)), EloFromScore(clamp01(m + z*se))
}

// confidence is the level of Elo's interval.
const confidence = 0.95

func clamp01(x float64) float64 { return min(1, max(0, x)) }

// String sums the match up: "W 6, D 1, L 3 (10 games), score 65.0%, Elo
// +107.5 [-41.7, +290.3] (95%)". A match of wins only or losses only has
// no point estimate, only a bound: "W 0, D 0, L 2 (2 games), score 0.0%,
// Elo at most +290.7 (95%; no wins and no draws: no point estimate)".
func (s Stats) String() string {
	if s.Games() == 0 {
		return "no games"
	}
	elo, low, high := s.Elo()
	games := fmt.Sprintf("%d games", s.Games())
	if s.Games() == 1 {
		games = "1 game"
	}
	head := fmt.Sprintf("W %d, D %d, L %d (%s), score %.1f%%, ", s.Wins, s.Draws, s.Losses, games, 100*s.Score())
	switch {
	case math.IsInf(elo, -1):
		return head + fmt.Sprintf("Elo at most %s (95%%; no wins and no draws: no point estimate)", eloText(high))
	case math.IsInf(elo, 1):
		return head + fmt.Sprintf("Elo at least %s (95%%; no losses and no draws: no point estimate)", eloText(low))
	}
	return head + fmt.Sprintf("Elo %s [%s, %s] (95%%)", eloText(elo), eloText(low), eloText(high))
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

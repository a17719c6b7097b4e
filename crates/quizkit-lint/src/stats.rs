//! The statistics behind the bank-level rules: chi-square, runs, and binomial tails.
//!
//! Everything here is exact or a standard approximation computed in closed form, in time
//! linear in the number of questions (the run-length threshold is O(n·L) with L ≈ log n).

/// The significance level of the bank-level tests.
pub const ALPHA: f64 = 0.05;

/// ln Γ(x) for x > 0 (Lanczos approximation, g = 7, accurate to ~1e-15).
pub fn ln_gamma(x: f64) -> f64 {
    const C: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut a = C[0];
    let t = x + 7.5;
    for (i, c) in C.iter().enumerate().skip(1) {
        a += c / (x + i as f64);
    }
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + a.ln()
}

/// The regularized upper incomplete gamma function Q(a, x).
pub fn gamma_q(a: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    let ln_front = -x + a * x.ln() - ln_gamma(a);
    if x < a + 1.0 {
        // Series for P(a, x).
        let mut sum = 1.0 / a;
        let mut term = sum;
        let mut n = a;
        for _ in 0..1000 {
            n += 1.0;
            term *= x / n;
            sum += term;
            if term.abs() < sum.abs() * 1e-15 {
                break;
            }
        }
        (1.0 - sum * ln_front.exp()).clamp(0.0, 1.0)
    } else {
        // Continued fraction for Q(a, x) (modified Lentz).
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..1000 {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < tiny {
                d = tiny;
            }
            c = b + an / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            let delta = d * c;
            h *= delta;
            if (delta - 1.0).abs() < 1e-15 {
                break;
            }
        }
        (ln_front.exp() * h).clamp(0.0, 1.0)
    }
}

/// P(X ≥ x) for X chi-square distributed with `df` degrees of freedom.
pub fn chi_square_sf(x: f64, df: usize) -> f64 {
    gamma_q(df as f64 / 2.0, x / 2.0)
}

/// Pearson's chi-square statistic of `counts` against equal expected counts.
pub fn chi_square_uniform(counts: &[usize]) -> f64 {
    let n: usize = counts.iter().sum();
    if counts.is_empty() || n == 0 {
        return 0.0;
    }
    let expected = n as f64 / counts.len() as f64;
    counts
        .iter()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum()
}

/// P(the longest run of equal outcomes ≥ `len`) in a sequence where outcome `i` repeats the
/// previous one with probability `p_same[i]` (1/k for k equally likely options). `p_same[0]` is
/// not used: the first outcome starts a run.
pub fn longest_run_at_least(p_same: &[f64], len: usize) -> f64 {
    if p_same.is_empty() || len <= 1 {
        return if p_same.is_empty() { 0.0 } else { 1.0 };
    }
    // state[r] = P(current run has length r + 1 and no run reached `len`).
    let mut state = vec![0.0; len - 1];
    state[0] = 1.0;
    for &p in &p_same[1..] {
        let total: f64 = state.iter().sum();
        // The runs that go on move up one; the others start again.
        for r in (1..state.len()).rev() {
            state[r] = state[r - 1] * p;
        }
        state[0] = total * (1.0 - p);
    }
    (1.0 - state.iter().sum::<f64>()).clamp(0.0, 1.0)
}

/// The shortest run length that chance alone reaches with probability below `alpha`, and that
/// probability ([`longest_run_at_least`]).
pub fn run_threshold(p_same: &[f64], alpha: f64) -> (usize, f64) {
    let len = (2..=p_same.len().max(2) + 1)
        .find(|&len| longest_run_at_least(p_same, len) < alpha)
        .unwrap_or(p_same.len() + 1);
    (len, longest_run_at_least(p_same, len))
}

/// P(X ≥ x) where X is the number of successes of independent trials with probabilities `p`
/// (Poisson binomial): exact up to 3,000 trials, the normal approximation with continuity
/// correction beyond.
pub fn successes_at_least(p: &[f64], x: usize) -> f64 {
    if x == 0 {
        return 1.0;
    }
    if x > p.len() {
        return 0.0;
    }
    if p.len() <= 3000 {
        let mut dist = vec![0.0; p.len() + 1];
        dist[0] = 1.0;
        for (i, &pi) in p.iter().enumerate() {
            for j in (0..=i + 1).rev() {
                let stay = dist[j] * (1.0 - pi);
                let moved = if j > 0 { dist[j - 1] * pi } else { 0.0 };
                dist[j] = stay + moved;
            }
        }
        return dist[x..].iter().sum::<f64>().clamp(0.0, 1.0);
    }
    let mean: f64 = p.iter().sum();
    let var: f64 = p.iter().map(|pi| pi * (1.0 - pi)).sum();
    if var <= 0.0 {
        return if (x as f64) <= mean { 1.0 } else { 0.0 };
    }
    let z = (x as f64 - 0.5 - mean) / var.sqrt();
    normal_sf(z)
}

/// P(Z ≥ z) for a standard normal Z.
pub fn normal_sf(z: f64) -> f64 {
    0.5 * erfc(z / std::f64::consts::SQRT_2)
}

fn erfc(x: f64) -> f64 {
    // erfc(x) = Q(1/2, x²) for x ≥ 0.
    if x >= 0.0 {
        gamma_q(0.5, x * x)
    } else {
        2.0 - gamma_q(0.5, x * x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() < tol
    }

    #[test]
    fn chi_square_critical_values() {
        // The 95th percentiles of chi-square with 1, 2 and 3 degrees of freedom.
        assert!(close(chi_square_sf(3.841, 1), 0.05, 1e-4));
        assert!(close(chi_square_sf(5.991, 2), 0.05, 1e-4));
        assert!(close(chi_square_sf(7.815, 3), 0.05, 1e-4));
        assert!(close(chi_square_sf(0.0, 2), 1.0, 1e-12));
    }

    #[test]
    fn run_threshold_matches_the_research_figure() {
        // 50 questions with 3 options: P(max run ≥ 7) ≈ 0.04, so runs of 7 are flagged.
        let p = vec![1.0 / 3.0; 50];
        assert!(close(longest_run_at_least(&p, 7), 0.04, 0.01));
        assert_eq!(run_threshold(&p, ALPHA).0, 7);
        assert_eq!(run_threshold(&p[..30], ALPHA).0, 7);
        assert_eq!(run_threshold(&p[..15], ALPHA).0, 6);
        assert_eq!(run_threshold(&p[..10], ALPHA).0, 6);
        // Two fair coin tosses: a run of 2 has probability 1/2.
        assert!(close(longest_run_at_least(&[0.5, 0.5], 2), 0.5, 1e-12));
    }

    /// Chances of a question's key being on a letter: 1/2 to 1/5.
    fn chances(len: std::ops::Range<usize>) -> impl Strategy<Value = Vec<f64>> {
        prop::collection::vec((2..6u32).prop_map(|k| 1.0 / f64::from(k)), len)
    }

    /// [`longest_run_at_least`] with a new state vector for every outcome.
    fn longest_run_with_fresh_states(p_same: &[f64], len: usize) -> f64 {
        if p_same.is_empty() || len <= 1 {
            return if p_same.is_empty() { 0.0 } else { 1.0 };
        }
        let mut state = vec![0.0; len - 1];
        state[0] = 1.0;
        for &p in &p_same[1..] {
            let total: f64 = state.iter().sum();
            let mut next = vec![0.0; len - 1];
            next[0] = total * (1.0 - p);
            for r in 1..len - 1 {
                next[r] = state[r - 1] * p;
            }
            state = next;
        }
        (1.0 - state.iter().sum::<f64>()).clamp(0.0, 1.0)
    }

    proptest! {
        /// The threshold is the first length whose probability is below alpha.
        #[test]
        fn run_threshold_is_the_first_length_below_alpha(
            p in chances(0..300),
            alpha in prop::sample::select(vec![0.5, ALPHA, 0.01, 1e-6]),
        ) {
            let (len, at) = run_threshold(&p, alpha);
            prop_assert_eq!(at.to_bits(), longest_run_at_least(&p, len).to_bits());
            if len <= p.len() {
                prop_assert!(at < alpha);
            }
            prop_assert!((2..len).all(|shorter| longest_run_at_least(&p, shorter) >= alpha));
        }

        /// The state updated in place gives the bits of fresh states.
        #[test]
        fn states_in_place_give_the_bits_of_fresh_ones(p in chances(0..120), len in 0..12usize) {
            prop_assert_eq!(
                longest_run_at_least(&p, len).to_bits(),
                longest_run_with_fresh_states(&p, len).to_bits()
            );
        }
    }

    #[test]
    fn binomial_tail_matches_the_research_figure() {
        // 50 questions with 3 options: the key strictly longest in ≥ 23 has p ≈ 0.042.
        let p = vec![1.0 / 3.0; 50];
        assert!(close(successes_at_least(&p, 23), 0.042, 0.005));
        assert!(successes_at_least(&p, 22) > 0.05);
        // The normal approximation agrees with the exact tail at large n.
        let big = vec![0.25; 4000];
        let exact_ish = successes_at_least(&big[..3000], 820);
        assert!(exact_ish > 0.0 && exact_ish < 0.01);
        assert!(close(successes_at_least(&big, 1000), 0.5, 0.02));
    }
}

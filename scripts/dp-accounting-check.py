#!/usr/bin/env python3
"""Independent cross-check of Tidepool's stated privacy loss with Google's dp-accounting.

Composes the published mechanisms: per epoch, one discrete Gaussian of each published sigma
(L2 sensitivity 1: a level's count, a level's facet histogram), over the epochs a device may
report in per 24 hours, times the days asked for; prints dp-accounting's epsilon at the given
delta (the conversion delta: the stated day delta minus any partition-selection delta, which
the PLD of a Gaussian does not model and the statement adds separately).

Accountants:
  pld_discrete  the privacy loss distribution of the discrete Gaussian itself (pessimistic
                estimate: an upper bound on the true epsilon) -- the figure the test holds the
                statement to;
  pld_gaussian  the continuous Gaussian with the same sigma (for reference; the discrete one's
                loss is at most a hair above it at sigma >= 1);
  rdp           Renyi DP of the continuous Gaussian (loose; the only one run for long horizons).

Usage: dp-accounting-check.py --sigma 8.111 --sigma 9.934 --epochs 8 --delta 5e-6 [--days 1]
Prints one JSON object. Requires dp-accounting (pinned in scripts/requirements-dp-accounting.txt).
"""
import argparse
import json
import sys

try:
    import dp_accounting
    from dp_accounting.pld import privacy_loss_distribution as pld
    from dp_accounting.rdp import rdp_privacy_accountant as rdp
except ImportError:  # pragma: no cover - reported to the caller
    print("dp-accounting is not installed: python3 -m pip install -r scripts/requirements-dp-accounting.txt",
          file=sys.stderr)
    sys.exit(3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sigma", type=float, action="append", required=True,
                        help="sigma of one mechanism run once per epoch (repeat for each)")
    parser.add_argument("--epochs", type=int, required=True, help="epochs per 24 hours a device reports in (K)")
    parser.add_argument("--delta", type=float, required=True, help="delta to state epsilon at")
    parser.add_argument("--days", type=int, default=1, help="days composed (default 1)")
    parser.add_argument("--rdp-only", action="store_true", help="skip the PLD accountants (long horizons)")
    args = parser.parse_args()
    if any(s <= 0 for s in args.sigma) or args.epochs < 1 or args.days < 1 or not 0 < args.delta < 1:
        parser.error("sigma > 0, epochs >= 1, days >= 1 and 0 < delta < 1 are required")
    count = args.epochs * args.days
    result = {"sigmas": args.sigma, "epochs_per_day": args.epochs, "days": args.days, "delta": args.delta,
              "dp_accounting": "dp-accounting"}

    if not args.rdp_only:
        discrete = None
        gaussian = None
        for sigma in args.sigma:
            # Discrete Gaussian over the integers, sensitivity 1 (one report per device per epoch).
            one = pld.from_discrete_gaussian_mechanism(sigma, sensitivity=1, pessimistic_estimate=True,
                                                       value_discretization_interval=1e-4)
            discrete = one if discrete is None else discrete.compose(one)
            two = pld.from_gaussian_mechanism(sigma, sensitivity=1, pessimistic_estimate=True,
                                              value_discretization_interval=1e-4)
            gaussian = two if gaussian is None else gaussian.compose(two)
        result["pld_discrete_epsilon"] = discrete.self_compose(count).get_epsilon_for_delta(args.delta)
        result["pld_gaussian_epsilon"] = gaussian.self_compose(count).get_epsilon_for_delta(args.delta)

    accountant = rdp.RdpAccountant()
    event = dp_accounting.ComposedDpEvent([dp_accounting.GaussianDpEvent(s) for s in args.sigma])
    accountant.compose(event, count)
    result["rdp_epsilon"] = accountant.get_epsilon(args.delta)
    print(json.dumps(result, sort_keys=True))


if __name__ == "__main__":
    main()

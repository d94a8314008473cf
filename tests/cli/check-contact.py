#!/usr/bin/python3
# check-contact.py LUZTAR_CLI — damped contact (elasto-gap) and backlash
# through `luztar-cli run` with both methods, against references computed
# here: the closed form of a mass dropped on a spring-damper contact (the
# linear damped oscillator while max(0, k·δ + c·δ̇) is positive), and an
# independent integration with exact event location (RK4 and bisection)
# for a loaded contact that bounces and for a backlash between two
# inertias.  Also: the events' causes, `assemble` printing the law, and
# rigid couplings (a stop with lower = upper: a bilateral constraint, its
# force free in sign) against the merged body's closed form and Newton's
# law, and the refusals (a contact without limits, a contact or a rigid
# coupling on a massless body).  TAP.
# Copyright 2026 The Luztar authors
# SPDX-License-Identifier: GPL-3.0-or-later
import csv
import json
import math
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tap import check, done  # noqa: E402

cli = sys.argv[1]


def model(body_xml, elements, t_end, extra=""):
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<luztar-model version="1" name="t">\n'
            '  <ground id="floor"/>\n%s\n%s\n%s\n  <simulation t-end="%g" dt="1e-4"/>\n'
            '</luztar-model>\n' % (body_xml, elements, extra, t_end))


def run(tmp, text, method, sample, env=None):
    path = os.path.join(tmp, "m.luztar")
    with open(path, "w") as f:
        f.write(text)
    trace, events = os.path.join(tmp, "tr.csv"), os.path.join(tmp, "ev.csv")
    p = subprocess.run([cli, "run", "--method", method, "--sample", str(sample), "--out", trace,
                        "--events", events, path], capture_output=True, text=True, env=env)
    if p.returncode != 0:
        return p, [], []
    rows = list(csv.reader(open(trace)))
    ev = list(csv.reader(open(events)))[1:]
    return p, rows, [r for r in ev if r[4] != "initial"]


def assemble_laws(path, element, kind, words):
    """`assemble` writes ELEMENT's law (its WORDS) under the equations in text, in the
    JSON's "laws" (element, kind, law) and in the Octave script's laws cell and comments."""
    text = subprocess.run([cli, "assemble", path], capture_output=True, text=True).stdout
    js = subprocess.run([cli, "assemble", "-f", "json", path], capture_output=True, text=True).stdout
    octave = subprocess.run([cli, "assemble", "-f", "octave", path], capture_output=True, text=True).stdout
    try:
        laws = [x for x in json.loads(js)["laws"] if x["element"] == element]
    except (ValueError, KeyError) as e:
        laws = [{"error": str(e)}]
    law = laws[0].get("law", "") if len(laws) == 1 else ""
    check(all(w in text.split("Equations of motion")[-1] for w in words),
          "assemble (text) writes the law of %s under the equations" % element, text[-1500:])
    check(len(laws) == 1 and laws[0].get("kind") == kind and all(w in law for w in words)
          and law in text, "assemble (JSON) writes the law of %s, kind %s, as the text has it"
          % (element, kind), js[-1500:])
    check("laws = {" in octave and "%%   %s\n" % law in octave
          and "'%s', '%s', '%s'" % (element, kind, law.replace("'", "''")) in octave,
          "assemble (Octave) writes the law of %s in its laws cell and its comments" % element,
          octave[-1500:])


def rk4(f, t, y, h):
    k1 = f(t, y)
    k2 = f(t + h / 2, [a + h / 2 * b for a, b in zip(y, k1)])
    k3 = f(t + h / 2, [a + h / 2 * b for a, b in zip(y, k2)])
    k4 = f(t + h, [a + h * b for a, b in zip(y, k3)])
    return [a + h / 6 * (b + 2 * c + 2 * d + e) for a, b, c, d, e in zip(y, k1, k2, k3, k4)]


def reference(rhs, guard, y0, t_end, h=2e-5):
    """Integrates y' = rhs(mode, t, y) by RK4 (step h), switching modes where
    guard(mode, y) — (the mode that holds, its guard value ≥ 0) — turns
    negative, located by bisection on the RK4 step to 1e-14 s.  Returns the
    events [(t, new mode)] and the final state."""
    t, y, mode, events = 0.0, list(y0), None, []
    mode = guard(None, y)[0]
    while t < t_end - 1e-15:
        step = min(h, t_end - t)
        y1 = rk4(lambda tt, yy: rhs(mode, tt, yy), t, y, step)
        if guard(mode, y1)[1] >= 0:
            t, y = t + step, y1
            continue
        lo, hi = 0.0, step
        while hi - lo > 1e-14:
            mid = (lo + hi) / 2
            if guard(mode, rk4(lambda tt, yy: rhs(mode, tt, yy), t, y, mid))[1] >= 0:
                lo = mid
            else:
                hi = mid
        y = rk4(lambda tt, yy: rhs(mode, tt, yy), t, y, hi)
        t += hi
        mode = guard(mode, y, switch=True)[0]
        events.append((t, mode))
    return events, y


def contact_guard(k, c, pen, pen_rate):
    """The modes of one side of a damped contact with penetration pen(y) and
    its rate: 'free' or 'pressed'; the guard of the current mode."""
    def guard(mode, y, switch=False):
        d, dd = pen(y), pen_rate(y)
        F = k * d + c * dd
        if mode is None:
            return ("pressed" if d > 0 and F > 0 else "free"), 0
        if switch:
            return ("free" if mode == "pressed" else "pressed"), 0
        if mode == "pressed":
            return mode, F
        return mode, max(-d, -F)
    return guard


with tempfile.TemporaryDirectory() as tmp:
    # --- 1. a mass dropped on a spring-damper contact: the closed form ---
    m, k, c, v0, q0 = 2.0, 800.0, 8.0, 1.5, 0.03
    w = math.sqrt(k / m)
    z = c / (2 * m * w)
    wd = w * math.sqrt(1 - z * z)
    t_touch = q0 / v0
    # k·δ + c·δ̇ = 0 with δ = v0/ωd·e^(−ζωτ)·sin ωdτ: tan ωdτ = −2ζ√(1−ζ²)/(1−2ζ²)
    tau = (math.pi - math.atan2(2 * z * math.sqrt(1 - z * z), 1 - 2 * z * z)) / wd
    t_rel = t_touch + tau
    ex = math.exp(-z * w * tau)
    d_rel = v0 / wd * ex * math.sin(wd * tau)
    v_rel = v0 * ex * (math.cos(wd * tau) - z * w / wd * math.sin(wd * tau))   # δ̇: < 0
    t_end = 0.2
    q_end = -d_rel - v_rel * (t_end - t_rel)
    check(d_rel > 0, "closed form: the release comes before δ = 0 (δ = %.4g m)" % d_rel)
    text = model('  <body id="m" mass="%g" q0="%g" v0="%g"/>' % (m, q0, -v0),
                 '  <contact id="pad" a="floor" b="m" lower="0" stiffness="%g" damping="%g"/>' % (k, c),
                 t_end)
    for method, t_tol, v_tol in (("event", 1e-9, 1e-8), ("timestep", 2.5e-4, 2e-3)):
        p, rows, ev = run(tmp, text, method, 0.01)
        check(p.returncode == 0, "drop (%s) runs" % method, p.stderr)
        if p.returncode != 0:
            continue
        causes = [(r[1], r[2], r[3], r[4]) for r in ev]
        check(causes == [("pad", "free", "pressed-", "touch"), ("pad", "pressed-", "free", "lift-off")],
              "drop (%s): touch, then lift-off — no other event" % method, causes)
        if len(ev) == 2:
            check(abs(float(ev[0][0]) - t_touch) < t_tol,
                  "drop (%s): touch at %.10f s (closed form %.10f)" % (method, float(ev[0][0]), t_touch))
            check(abs(float(ev[1][0]) - t_rel) < t_tol,
                  "drop (%s): release where k·δ + c·δ̇ = 0, at %.10f s (closed form %.10f)"
                  % (method, float(ev[1][0]), t_rel))
        last = [float(x) for x in rows[-1]]
        check(abs(last[2] + v_rel) < v_tol * v0 and abs(last[1] - q_end) < v_tol * v0 * t_end,
              "drop (%s): release velocity %.9f m/s (closed form %.9f), q(%g) %.9f (%.9f)"
              % (method, last[2], -v_rel, t_end, last[1], q_end))

    # --- 2. a loaded contact on its upper limit (cb = 2), bouncing: RK4 reference ---
    m, k, c, F0, cb, up = 0.5, 300.0, 1.2, 4.0, 2.0, 0.02
    text = model('  <body id="m" mass="%g" v0="0.4"/>\n  <force id="F" body="m" value="%g"/>' % (m, F0),
                 '  <contact id="pad" a="floor" b="m" cb="%g" upper="%g" stiffness="%g" damping="%g"/>'
                 % (cb, up, k, c), 0.6)

    def rhs2(mode, t, y):
        F = k * (cb * y[0] - up) + c * cb * y[1] if mode == "pressed" else 0.0
        return [y[1], (F0 - cb * F) / m]

    ref_ev, ref_y = reference(rhs2, contact_guard(k, c, lambda y: cb * y[0] - up, lambda y: cb * y[1]),
                              [0.0, 0.4], 0.6)
    check(len(ref_ev) >= 4, "reference: the loaded contact bounces (%d events)" % len(ref_ev))
    for method, t_tol, y_tol in (("event", 1e-8, 1e-7), ("timestep", 3e-4, 1e-3)):
        p, rows, ev = run(tmp, text, method, 0.05)
        check(p.returncode == 0, "bouncing (%s) runs" % method, p.stderr)
        if p.returncode != 0:
            continue
        want = [("pressed+" if mo == "pressed" else "free") for _, mo in ref_ev]
        got = [r[3] for r in ev]
        check(got == want and all(r[4] == ("touch" if r[3] == "pressed+" else "lift-off") for r in ev),
              "bouncing (%s): the reference's %d switches, touch and lift-off" % (method, len(want)),
              "%s\n%s" % (got, want))
        err = max((abs(float(r[0]) - te) for r, (te, _) in zip(ev, ref_ev)), default=1)
        check(err < t_tol, "bouncing (%s): event times within %.1e s of the reference (%.2e)"
              % (method, t_tol, err))
        last = [float(x) for x in rows[-1]]
        check(abs(last[1] - ref_y[0]) < y_tol * 0.1 and abs(last[2] - ref_y[1]) < y_tol,
              "bouncing (%s): final state %.8f, %.8f (reference %.8f, %.8f)"
              % (method, last[1], last[2], ref_y[0], ref_y[1]))

    # --- 3. backlash between two inertias: RK4 reference ---
    J1, J2, ra, rb, kb, cbk, fp, w1 = 0.02, 0.05, 0.03, 0.06, 2e5, 30.0, 1e-4, 8.0
    text = ('<?xml version="1.0" encoding="UTF-8"?>\n<luztar-model version="1" name="b">\n'
            '  <body id="p" kind="rotational" inertia="%g" v0="%g"/>\n'
            '  <body id="w" kind="rotational" inertia="%g"/>\n'
            '  <backlash id="mesh" a="p" b="w" ra="%g" rb="%g" stiffness="%g" damping="%g" freeplay="%g"/>\n'
            '  <simulation t-end="0.03" dt="1e-5"/>\n</luztar-model>\n'
            % (J1, w1, J2, ra, rb, kb, cbk, fp))

    def rhs3(mode, t, y):
        s = rb * y[1] - ra * y[0]
        sd = rb * y[3] - ra * y[2]
        T = 0.0
        if mode == "pressed+":
            T = kb * (s - fp) + cbk * sd
        elif mode == "pressed-":
            T = kb * (s + fp) + cbk * sd
        return [y[2], y[3], ra * T / J1, -rb * T / J2]

    def guard3(mode, y, switch=False):
        s, sd = rb * y[1] - ra * y[0], rb * y[3] - ra * y[2]
        Fp, Fm = kb * (s - fp) + cbk * sd, -(kb * (s + fp) + cbk * sd)
        if mode is None:
            return "free", 0
        if switch:
            if mode != "free":
                return "free", 0
            return ("pressed+" if max(-(s - fp), -Fp) < 0 else "pressed-"), 0
        if mode == "pressed+":
            return mode, Fp
        if mode == "pressed-":
            return mode, Fm
        return mode, min(max(-(s - fp), -Fp), max(s + fp, -Fm))

    ref_ev, ref_y = reference(rhs3, guard3, [0.0, 0.0, w1, 0.0], 0.03, h=2e-6)
    check(len(ref_ev) >= 2, "reference: the backlash closes and opens (%d events)" % len(ref_ev))
    for method, t_tol, y_tol in (("event", 1e-9, 1e-6), ("timestep", 3e-5, 1e-4)):
        p, rows, ev = run(tmp, text, method, 0.001)
        check(p.returncode == 0, "backlash (%s) runs" % method, p.stderr)
        if p.returncode != 0:
            continue
        got = [r[3] for r in ev]
        want = [mo for _, mo in ref_ev]
        check(got == want, "backlash (%s): the reference's switches %s" % (method, want), got)
        err = max((abs(float(r[0]) - te) for r, (te, _) in zip(ev, ref_ev)), default=1)
        check(err < t_tol, "backlash (%s): event times within %.1e s of the reference (%.2e)"
              % (method, t_tol, err))
        last = [float(x) for x in rows[-1]]
        check(abs(last[2] - ref_y[2]) < y_tol * w1 and abs(last[4] - ref_y[3]) < y_tol * w1,
              "backlash (%s): final speeds %.8f, %.8f rad/s (reference %.8f, %.8f)"
              % (method, last[2], last[4], ref_y[2], ref_y[3]))

    # --- 4. assemble prints the law ---
    path = os.path.join(tmp, "m.luztar")
    with open(path, "w") as f:
        f.write(text)
    p = subprocess.run([cli, "assemble", path], capture_output=True, text=True)
    check(p.returncode == 0 and "F_hi[mesh]" in p.stdout and "F_lo[mesh]" in p.stdout
          and "max(0, k·δ + c·δ̇)" in p.stdout and "pressed+" in p.stdout and "pressed-" in p.stdout,
          "assemble prints the backlash's two contact forces and their law", p.stdout + p.stderr)
    assemble_laws(path, "mesh", "backlash",
                  ["mesh: F = max(0, k·δ + c·δ̇) while δ > 0, F = 0 while δ ≤ 0; k = 200000, c = 30",
                   "F_lo[mesh] with δ = -0.0001 − g", "F_hi[mesh] with δ = g − 0.0001", "backlash ±0.0001"])

    # --- 5. rigid couplings: a stop with lower = upper is a bilateral constraint ---
    # Welded to m1, m2 moves with it: one body of mass m1 + m2 on the spring,
    # driven by F(t) = F0·sin(Ωt) on m2; the force in the weld changes sign
    # (m2's inertia against F), which must be no event.  Closed form from
    # rest: q1 = A·(sin Ωt − (Ω/ω)·sin ωt), ω² = k/(m1 + m2),
    # A = F0/((m1 + m2)(ω² − Ω²)).
    m1, m2, kk, F0, W = 1.0, 3.0, 40.0, 2.0, 3.0
    wn = math.sqrt(kk / (m1 + m2))
    A = F0 / ((m1 + m2) * (wn * wn - W * W))
    weld = ('  <body id="m1" mass="%g"/>\n  <body id="m2" mass="%g" q0="0.5"/>\n'
            '  <spring id="k" a="floor" b="m1" k="%g"/>\n  <force id="F" body="m2" value="%g*sin(%g*t)"/>'
            % (m1, m2, kk, F0, W))
    text = model(weld, '  <stop id="weld" a="m1" b="m2" lower="0.5" upper="0.5"/>', 5)
    for method, tol in (("event", 1e-8), ("timestep", 2e-6)):
        p, rows, ev = run(tmp, text, method, 0.25)
        check(p.returncode == 0 and ev == [], "weld (%s): runs with no event but the initial one" % method,
              p.stderr + str(ev))
        if p.returncode != 0:
            continue
        err = max(abs(float(r[1]) - A * (math.sin(W * float(r[0])) - W / wn * math.sin(wn * float(r[0]))))
                  for r in rows[1:])
        gap = max(abs(float(r[3]) - float(r[1]) - 0.5) for r in rows[1:])
        check(err < tol and gap < 1e-12,
              "weld (%s): q1(t) within %.0e m of the merged body's closed form (%.1e), the gap held (%.1e)"
              % (method, tol, err, gap))
    path = os.path.join(tmp, "weld.luztar")
    with open(path, "w") as f:
        f.write(text)
    assemble_laws(path, "weld", "rigid-coupling",
                  ["weld: g = 0.5, an equality row", "λ[weld] = λ_lo[weld] − λ_hi[weld] free in sign"])
    # A rigid gear: a stop with lower = upper = 0 on g = rb·q_b − ra·q_a
    # between two inertias (ca, cb the radii): q_b = (ra/rb)·q_a, the pair
    # one inertia J1 + (ra/rb)²·J2 on the spring (ra/rb)²·k of the wheel,
    # driven by M0·sin(Ωt) on the pinion.
    J1, J2, ra, rb, kw, M0, W = 0.01, 0.2, 0.02, 0.05, 8.0, 0.05, 2.0
    i2 = (ra / rb) ** 2
    wn = math.sqrt(i2 * kw / (J1 + i2 * J2))
    A = M0 / ((J1 + i2 * J2) * (wn * wn - W * W))
    text = ('<?xml version="1.0" encoding="UTF-8"?>\n<luztar-model version="1" name="g">\n'
            '  <ground id="frame"/>\n'
            '  <body id="p" kind="rotational" inertia="%g"/>\n  <body id="w" kind="rotational" inertia="%g"/>\n'
            '  <stop id="mesh" a="p" b="w" ca="%g" cb="%g" lower="0" upper="0"/>\n'
            '  <spring id="k" a="frame" b="w" k="%g"/>\n  <force id="M" body="p" value="%g*sin(%g*t)"/>\n'
            '  <simulation t-end="4" dt="1e-4"/>\n</luztar-model>\n' % (J1, J2, ra, rb, kw, M0, W))
    for method, tol in (("event", 1e-8), ("timestep", 1e-5)):
        p, rows, ev = run(tmp, text, method, 0.2)
        err = max((abs(float(r[1]) - A * (math.sin(W * float(r[0])) - W / wn * math.sin(wn * float(r[0]))))
                   for r in rows[1:]), default=1)
        ratio = max((abs(rb * float(r[3]) - ra * float(r[1])) for r in rows[1:]), default=1)
        check(p.returncode == 0 and ev == [] and err < tol * abs(A) and ratio < 1e-12,
              "rigid gear (%s): no event, the pinion's angle within %.0e of the closed form "
              "(%.1e rad), rb·q_w = ra·q_p (%.1e)" % (method, tol, err, ratio), p.stderr + str(ev))

    # Welded, with inconsistent start velocities, into a stop (e = 0.5): the
    # weld merges them at t = 0 (momentum kept), the pair bounces off the
    # stop with −e times the merged speed.
    v1, v2, e = -1.0, -3.0, 0.5
    vm = (m1 * v1 + m2 * v2) / (m1 + m2)
    text = model('  <body id="m1" mass="%g" q0="0.2" v0="%g"/>\n  <body id="m2" mass="%g" q0="0.7" v0="%g"/>'
                 % (m1, v1, m2, v2),
                 '  <stop id="weld" a="m1" b="m2" lower="0.5" upper="0.5"/>\n'
                 '  <stop id="s" a="floor" b="m1" lower="0" restitution="%g"/>' % e, 0.3)
    t_hit = 0.2 / -vm
    for method, t_tol, v_tol in (("event", 1e-10, 1e-10), ("timestep", 1.5e-4, 1e-10)):
        p, rows, ev = run(tmp, text, method, 0.01)
        check(p.returncode == 0 and [(r[1], r[4]) for r in ev] == [("s", "impact")]
              and abs(float(ev[0][0]) - t_hit) < t_tol,
              "weld into a stop (%s): one impact, of the stop, at %.6f s (%s)" % (method, t_hit, ev),
              p.stderr)
        last = [float(x) for x in rows[-1]] if rows else [0] * 5
        check(abs(last[2] + e * vm) < v_tol and abs(last[4] + e * vm) < v_tol,
              "weld into a stop (%s): both leave at −e·v = %.3f m/s (%.12f, %.12f)"
              % (method, -e * vm, last[2], last[4]))
        bal = [x for x in p.stdout.splitlines() if x.startswith("energy-balance error")]
        check(bal and abs(float(bal[0].split()[2])) < 1e-9,
              "weld into a stop (%s): the energy balance closes (%s)" % (method, bal))

    # The exact fallback of time-stepping's contact problem alone
    # (LUZTAR_TS_FALLBACK=only: Lemke's method every step, no Gauss–Seidel
    # sweeps): the weld's impulse free in sign, a mixed LCP with the stop's
    # — the same impact, the same bounce, the same balance.
    only = dict(os.environ, LUZTAR_TS_FALLBACK="only")
    _, rows_pgs, ev_pgs = run(tmp, text, "timestep", 0.01)
    p, rows, ev = run(tmp, text, "timestep", 0.01, only)
    lemke = [x for x in p.stdout.splitlines() if "Lemke" in x]
    check(p.returncode == 0 and lemke and ev == ev_pgs,
          "weld into a stop (Lemke only): the events of the sweeps' run (%s), %s" % (ev, lemke), p.stderr)
    last = [float(x) for x in rows[-1]] if rows else [0] * 5
    diff = max((abs(float(a) - float(b)) for ra, rb in zip(rows[1:], rows_pgs[1:]) for a, b in zip(ra, rb)),
               default=1)
    check(abs(last[2] + e * vm) < 1e-10 and abs(last[4] + e * vm) < 1e-10 and diff < 1e-9,
          "weld into a stop (Lemke only): both leave at −e·v (%.12f, %.12f), the trace within 1e-9 of "
          "the sweeps' (%.1e)" % (last[2], last[4], diff))
    # … and a damped contact, which it does not take: said in words
    drop = model('  <body id="m" mass="2" q0="0.03" v0="-1.5"/>',
                 '  <contact id="pad" a="floor" b="m" lower="0" stiffness="800" damping="8"/>', 0.2)
    p, rows, ev = run(tmp, drop, "timestep", 0.01, only)
    check(p.returncode == 2 and "does not take the damped contact “pad”" in p.stderr,
          "damped contact (Lemke only): refused in words: %s" % p.stderr.strip(), p.stderr)

    # --- 6. what is refused, with a message ---
    for what, body, el, needle in (
            ("a rigid coupling on a massless body",
             '  <body id="m" mass="1"/>\n  <body id="z" mass="0"/>\n  <spring id="k" a="m" b="z" k="5"/>',
             '  <stop id="weld" a="floor" b="z" lower="0" upper="0"/>', "rigid coupling"),
            ("two rigid couplings that repeat each other", '  <body id="m" mass="1"/>\n  <body id="n" mass="2"/>',
             '  <stop id="pad" a="m" b="n" lower="0" upper="0"/>\n'
             '  <stop id="weld" a="n" b="m" ca="2" cb="2" lower="0" upper="0"/>', "holds nothing"),
            ("a contact without limits", '  <body id="m" mass="1"/>',
             '  <contact id="pad" a="floor" b="m" stiffness="10"/>', "needs a lower or an upper limit"),
            ("a contact on a massless body",
             '  <body id="m" mass="1"/>\n  <body id="z" mass="0"/>\n  <spring id="k" a="m" b="z" k="5"/>',
             '  <contact id="pad" a="floor" b="z" lower="0" stiffness="10"/>', "massless body")):
        with open(path, "w") as f:
            f.write(model(body, el, 1))
        p = subprocess.run([cli, "run", path], capture_output=True, text=True)
        check(p.returncode == 2 and needle in p.stderr and ("weld" in p.stderr or "pad" in p.stderr),
              "%s is refused: %s" % (what, p.stderr.strip()), p.stderr)

done()

/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-mcr"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "mahjong-mcr.h"
#include "mahjong-shape.h"
#include "mcr-ai.h"
#include "mcr-game.h"
#include "mcr-view.h"
#include "parlor-game.h"
#include "parlor-line.h"
#include "parlor-rng.h"

/*
 * Computer players, deciding from the view line alone (docs/rules/mcr-game.md):
 * 1  the origin's 8-step discard rule, seven pairs at 4–5 pairs, a mistake now and then;
 * 2  + live-tile counts (what is already visible on the table), fewer mistakes;
 * 3  + reading each opponent's discards and melds to avoid feeding them;
 * 4  ready and one-away hands (and claims) by their chance to win with 8 fan, further
 *    hands by shanten and live effective tiles, defence when an opponent looks ready.
 */

int
mcr_ai_win_fan (const McrView *v,
                guint            win,
                gboolean         self_drawn,
                gboolean         robbing)
{
  MahjongHand hand;
  McrSituation sit = { 0 };
  McrResult res;
  guint visible;

  if (win >= MAHJONG_N_KINDS || (!self_drawn && v->counts[win] >= 4))
    return -1;
  mahjong_hand_clear (&hand);
  memcpy (hand.counts, v->counts, sizeof hand.counts);
  if (!self_drawn)
    hand.counts[win]++;
  memcpy (hand.melds, v->melds, sizeof hand.melds);
  hand.n_melds = v->n_melds;
  hand.last_tile = (guint8) win;
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    hand.n_concealed += hand.counts[t];
  sit.prevalent_wind = (guint8) v->prevalent;
  sit.seat_wind = (guint8) mcr_view_seat_wind (v);
  if (self_drawn)
    {
      sit.flags |= MCR_WIN_SELF_DRAWN;
      if (v->replacement)
        sit.flags |= MCR_WIN_KONG_REPLACEMENT;
      if (v->wall == 0)
        sit.flags |= MCR_WIN_LAST_TILE_DRAW;
    }
  else if (robbing)
    sit.flags |= MCR_WIN_ROBBING_KONG;
  else if (v->wall == 0)
    sit.flags |= MCR_WIN_LAST_TILE_CLAIM;
  visible = v->exposed[win];
  if (!self_drawn && !robbing && visible > 0)
    visible--;
  if (robbing)
    visible = 3;
  if (visible == 3 && hand.counts[win] == 1)
    sit.flags |= MCR_WIN_LAST_TILE;
  if (!mcr_score (&hand, &sit, &res, NULL))
    return -1;
  return res.total_without_flowers;
}

/* ---- shared evaluation ---------------------------------------------------------- */

static int
shanten_of (const guint8 *counts,
            guint         n_melds)
{
  return mahjong_shanten (counts, n_melds, NULL);
}

/* Live copies of the tiles that lower the shanten of a 13-tile hand. */
static guint
live_effective (const guint8 *c13,
                guint         n_melds,
                const guint8 *visible,
                int           shanten,
                gboolean      use_live)
{
  guint8 c[MAHJONG_N_KINDS];
  guint n = 0;

  memcpy (c, c13, sizeof c);
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    {
      if (c[t] >= 4 || visible[t] >= 4)
        continue;
      c[t]++;
      if (shanten_of (c, n_melds) < shanten)
        n += use_live ? 4u - visible[t] : 1u;
      c[t]--;
    }
  return n;
}

/* Rank order "from the ends inward". */
static const guint8 end_order[9] = { 0, 8, 1, 7, 2, 6, 3, 5, 4 };

static gboolean
has (const guint8 *c,
     int           t,
     guint         suit)
{
  return t >= 0 && t < 27 && (guint) t / 9 == suit && c[t] > 0;
}

/* Live copies of the tiles that would join @t into a set or a wait. */
static guint
connectors (const McrView *v,
            guint            t)
{
  guint n = 4u - MIN (4u, v->visible[t]);

  if (t < 27)
    for (int d = -2; d <= 2; d++)
      {
        int u = (int) t + d;

        if (d != 0 && u >= 0 && u < 27 && (guint) u / 9 == t / 9)
          n += 4u - MIN (4u, v->visible[u]);
      }
  return n;
}

static gboolean
threatening (const McrView *v,
             guint            o)
{
  if ((int) o == v->seat)
    return FALSE;
  return v->n_melds_of[o] >= 3 || (v->n_melds_of[o] >= 2 && v->wall < 60) || v->wall < 24;
}

/* How likely @t feeds an opponent (0 safe … higher worse). */
static int
danger (const McrView *v,
        guint            t)
{
  int d = 0;

  for (guint o = 0; o < 4; o++)
    {
      gboolean discarded = FALSE;
      guint same_suit = 0;

      if (!threatening (v, o))
        continue;
      for (guint i = 0; i < v->n_discards[o]; i++)
        {
          discarded |= v->discards[o][i] == t;
          same_suit += mahjong_tile_suit (v->discards[o][i]) == mahjong_tile_suit (t);
        }
      if (discarded)
        continue;
      d += 2;
      if (t >= 27 && v->visible[t] >= 3)
        continue;
      if (t >= 27 && v->visible[t] >= 2)
        d -= 1;
      if (t < 27 && same_suit == 0 && v->n_discards[o] >= 6)
        d += 2;     /* a suit they keep */
      if (t < 27 && t % 9 >= 2 && t % 9 <= 6)
        d += 1;
    }
  return d;
}

/* A rough count of the fan a hand is heading for (counts: concealed; melds). */
static int
plan_potential (const guint8      *c,
                const MahjongMeld *melds,
                guint              n_melds,
                guint              seat_wind,
                guint              prevalent)
{
  guint8 all[MAHJONG_N_KINDS];
  guint suit_n[4] = { 0 };
  guint pairs = 0, pungs = 0;
  gboolean chow_meld = FALSE, claimed = FALSE;
  int v = 0;
  guint best_suit = 0;

  memcpy (all, c, sizeof all);
  for (guint i = 0; i < n_melds; i++)
    {
      const MahjongMeld *m = &melds[i];

      if (m->type == MAHJONG_MELD_CHOW)
        {
          chow_meld = TRUE;
          for (guint t = m->tile; t < m->tile + 3u; t++)
            all[t]++;
        }
      else
        all[m->tile] = 3;
      claimed |= m->source != MAHJONG_MELD_CONCEALED;
    }
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    suit_n[mahjong_tile_suit (t)] += all[t];
  for (guint s = 1; s < 3; s++)
    if (suit_n[s] > suit_n[best_suit])
      best_suit = s;
  {
    guint off = suit_n[0] + suit_n[1] + suit_n[2] - suit_n[best_suit];

    if (off == 0)
      v += suit_n[3] == 0 ? 24 : 6;
    else if (off <= 2)
      v += suit_n[3] == 0 ? 8 : 4;
    else if (off <= 4)
      v += 2;
  }
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    {
      gboolean valued = t >= 31 || t == 27 + seat_wind || t == 27 + prevalent;

      if (all[t] >= 3)
        {
          pungs++;
          if (valued)
            v += 2 + (t == 27 + seat_wind && t == 27 + prevalent ? 2 : 0);
        }
      else if (all[t] == 2)
        {
          pairs++;
          if (valued)
            v += 1;
        }
    }
  if (!chow_meld && pungs + pairs >= 5)
    v += 6;
  /* straights: 7 of the 9 tiles in place */
  for (guint s = 0; s < 3; s++)
    {
      guint have = 0;

      for (guint r = 0; r < 9; r++)
        have += all[s * 9 + r] > 0;
      if (have >= 8)
        v += 12;
      else if (have >= 7)
        v += 6;
    }
  {
    static const guint8 perms[6][3] = { {0,1,2}, {0,2,1}, {1,0,2}, {1,2,0}, {2,0,1}, {2,1,0} };

    for (guint p = 0; p < 6; p++)
      {
        guint have = 0;

        for (guint k = 0; k < 3; k++)
          for (guint r = 0; r < 3; r++)
            have += all[perms[p][k] * 9 + k * 3 + r] > 0;
        if (have >= 8)
          v = MAX (v, 8);
        else if (have >= 7)
          v += 3;
      }
    for (guint r = 0; r < 7; r++)
      {
        guint have = 0;

        for (guint s = 0; s < 3; s++)
          for (guint k = 0; k < 3; k++)
            have += all[s * 9 + r + k] > 0;
        if (have >= 8)
          v = MAX (v, 8);
        else if (have >= 7)
          v += 3;
      }
  }
  if (!claimed)
    v += 2;
  if (n_melds == 0 && pairs >= 5)
    v = MAX (v, 12);
  return v;
}

/* ---- levels 1–3: the eight steps ------------------------------------------------- */

typedef struct
{
  guint8 tiles[MAHJONG_N_KINDS];
  guint  n;
} Cands;

static void
cands_add (Cands *c,
           guint  t)
{
  for (guint i = 0; i < c->n; i++)
    if (c->tiles[i] == t)
      return;
  c->tiles[c->n++] = (guint8) t;
}

/* Picks among candidates: level 1 the first (ends inward), level 2 the fewest live
 * connectors, level 3 also the least dangerous. */
static guint
pick (const McrView *v,
      const Cands     *c,
      int              level)
{
  guint best = c->tiles[0];
  int best_score = G_MAXINT;

  if (level == 1)
    return best;
  for (guint i = 0; i < c->n; i++)
    {
      int score = (int) connectors (v, c->tiles[i]);

      if (level >= 3)
        score += 6 * danger (v, c->tiles[i]);
      if (score < best_score)
        best_score = score, best = c->tiles[i];
    }
  return best;
}

/* Among candidates, those whose discard leaves the lowest shanten. */
static void
keep_best_shanten (const McrView *v,
                   Cands           *c,
                   int              level)
{
  guint8 h[MAHJONG_N_KINDS];
  int sh[MAHJONG_N_KINDS];
  guint eff[MAHJONG_N_KINDS];
  int best = 99;
  guint best_eff = 0;
  Cands out = { 0 };

  memcpy (h, v->counts, sizeof h);
  for (guint i = 0; i < c->n; i++)
    {
      h[c->tiles[i]]--;
      sh[i] = shanten_of (h, v->n_melds);
      eff[i] = level >= 2 ? live_effective (h, v->n_melds, v->visible, sh[i], TRUE) : 0;
      h[c->tiles[i]]++;
      if (sh[i] < best || (sh[i] == best && eff[i] > best_eff))
        best = sh[i], best_eff = eff[i];
    }
  for (guint i = 0; i < c->n; i++)
    if (sh[i] == best && eff[i] == best_eff)
      cands_add (&out, c->tiles[i]);
  *c = out;
}

static guint
eight_steps (const McrView *v,
             int              level)
{
  const guint8 *h = v->counts;
  Cands c = { 0 };
  guint pairs = 0;
  int sh_now;

  /* a: keep (or get) ready */
  {
    guint8 x[MAHJONG_N_KINDS];

    memcpy (x, h, sizeof x);
    for (guint t = 0; t < MAHJONG_N_KINDS; t++)
      if (x[t] > 0)
        {
          x[t]--;
          if (shanten_of (x, v->n_melds) == 0)
            cands_add (&c, t);
          x[t]++;
        }
    if (c.n > 0)
      {
        keep_best_shanten (v, &c, level);
        return pick (v, &c, level);
      }
  }

  /* the seven pairs plan at 4–5 pairs */
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    pairs += h[t] >= 2;
  sh_now = shanten_of (h, v->n_melds);
  if (v->n_melds == 0 && (pairs >= 5 || (pairs == 4 && sh_now >= 3)))
    {
      for (guint t = 27; t < MAHJONG_N_KINDS; t++)
        if (h[t] == 1 || h[t] >= 3)
          cands_add (&c, t);
      for (guint k = 0; k < 9; k++)
        for (guint s = 0; s < 3; s++)
          {
            guint t = s * 9 + end_order[k];

            if (h[t] == 1 || h[t] >= 3)
              cands_add (&c, t);
          }
      if (c.n > 0)
        return pick (v, &c, level);
    }

  /* b: singles two apart from anything (honors first), ends inward */
  for (guint t = 27; t < MAHJONG_N_KINDS; t++)
    if (h[t] == 1)
      cands_add (&c, t);
  for (guint k = 0; k < 9; k++)
    for (guint s = 0; s < 3; s++)
      {
        int t = (int) (s * 9 + end_order[k]);

        if (h[t] == 1 && !has (h, t - 1, s) && !has (h, t + 1, s) && !has (h, t - 2, s)
            && !has (h, t + 2, s))
          cands_add (&c, (guint) t);
      }
  if (c.n > 0)
    return pick (v, &c, level);
  /* c: singles one apart */
  for (guint k = 0; k < 9; k++)
    for (guint s = 0; s < 3; s++)
      {
        int t = (int) (s * 9 + end_order[k]);

        if (h[t] == 1 && !has (h, t - 1, s) && !has (h, t + 1, s))
          cands_add (&c, (guint) t);
      }
  if (c.n > 0)
    return pick (v, &c, level);

  /* d, e, f: runs of 4/7/10/13 tiles, then 3/6/9/12, then 2/5/8/11 */
  for (guint want = 1; want <= 3; want++)
    {
      guint mod = want == 1 ? 1 : want == 2 ? 0 : 2;

      for (guint s = 0; s < 4; s++)
        {
          guint lo = s * 9, hi = s < 3 ? s * 9 + 9 : MAHJONG_N_KINDS;
          guint t = lo;

          while (t < hi)
            {
              guint start, n = 0;

              if (h[t] == 0)
                {
                  t++;
                  continue;
                }
              start = t;
              if (s == 3)
                n = h[t++];
              else
                while (t < hi && h[t] > 0)
                  n += h[t++];
              if (n % 3 == mod && !(mod == 0 && n == 3 && (h[start] == 3 || t - start == 3)))
                for (guint u = start; u < t; u++)
                  cands_add (&c, u);
            }
        }
      if (c.n > 0)
        {
          keep_best_shanten (v, &c, level);
          return pick (v, &c, level);
        }
    }

  /* g: break a pair; anything else as a last resort */
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    if (h[t] >= 2)
      cands_add (&c, t);
  if (c.n == 0)
    for (guint t = 0; t < MAHJONG_N_KINDS; t++)
      if (h[t] > 0)
        cands_add (&c, t);
  keep_best_shanten (v, &c, level);
  return pick (v, &c, level);
}

/* ---- level 4 ------------------------------------------------------------------------- */

/* A winning tile counts this much more when a discard also wins (three players
 * discard each turn, but keep what looks dangerous). */
#define DISCARD_WIN_WEIGHT 2.5
/* A claim must raise the chance to win by this much; a claim from two or more tiles
 * away must reach CLAIM_FROM_FAR. */
#define CLAIM_MARGIN       0.02
#define CLAIM_FROM_FAR     0.1

/* Unseen tiles: the wall and the other hands, as this seat sees it. */
static double
unseen (const McrView *v)
{
  guint n = 0;

  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    n += 4u - MIN (4u, v->visible[t]);
  return MAX (1.0, (double) n);
}

/* This seat's draws left. */
static double
draws_left (const McrView *v)
{
  return MAX (1.0, ((double) v->wall + 3.0) / 4.0);
}

/* Chance per turn that a ready 13-tile hand wins with 8 fan: by its own draw, or by a
 * discard when the tile scores 8 fan on a discard too. */
static double
ready_rate (const McrView *v13)
{
  guint8 waits[MAHJONG_N_KINDS];
  guint n = mahjong_winning_tiles (v13->counts, v13->n_melds, NULL, MAHJONG_N_KINDS, waits);
  gboolean concealed = TRUE;
  double hit = 0;

  for (guint i = 0; i < v13->n_melds; i++)
    concealed &= v13->melds[i].source == MAHJONG_MELD_CONCEALED;
  for (guint i = 0; i < n; i++)
    {
      guint t = waits[i];
      int left = 4 - (int) v13->visible[t];
      int fan;

      if (left <= 0)
        continue;
      fan = mcr_ai_win_fan (v13, t, FALSE, FALSE);
      if (fan >= MCR_MIN_FAN)
        hit += left * (1.0 + DISCARD_WIN_WEIGHT);
      else if (fan + (concealed ? 2 : 1) >= MCR_MIN_FAN)
        hit += left;     /* self-drawn: +1, or Fully Concealed Hand over Concealed Hand */
    }
  return MIN (0.95, hit / unseen (v13));
}

static double
win_within (double rate,
            double turns)
{
  return 1.0 - pow (1.0 - rate, turns);
}

/* Chance that a ready 13-tile hand wins before the wall ends. */
static double
ready_prob (const McrView *w13)
{
  return win_within (ready_rate (w13), draws_left (w13));
}

/* Chance that a one-away 13-tile hand wins: a draw reaching a ready hand that can win
 * with 8 fan (the best discard after it), then the win. */
static double
one_away_prob (const McrView *w13)
{
  guint8 c[MAHJONG_N_KINDS];
  double turns = draws_left (w13);
  double reach = 0, rate_sum = 0;
  double a, h, p = 0, stay = 1;

  memcpy (c, w13->counts, sizeof c);
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    {
      guint left = 4u - MIN (4u, w13->visible[t]);
      McrView x;
      double best = 0;
      int sh;

      if (c[t] >= 4 || left == 0)
        continue;
      c[t]++;
      sh = shanten_of (c, w13->n_melds);
      c[t]--;
      if (sh != 0)
        continue;
      x = *w13;
      x.counts[t]++;
      x.visible[t] = (guint8) MIN (4, x.visible[t] + 1);
      for (guint e = 0; e < MAHJONG_N_KINDS; e++)
        if (x.counts[e] > 0 && e != t)
          {
            x.counts[e]--;
            if (shanten_of (x.counts, x.n_melds) == 0)
              best = MAX (best, ready_rate (&x));
            x.counts[e]++;
          }
      if (best > 0)
        {
          reach += left;
          rate_sum += left * best;
        }
    }
  if (reach == 0)
    return 0;
  a = MIN (0.95, reach / unseen (w13));
  h = rate_sum / reach;
  for (int k = 1; k < (int) turns; k++)
    {
      p += stay * a * win_within (h, turns - k);
      stay *= 1.0 - a;
    }
  return p;
}

/* A ready or one-away hand scores 900 + 1000 × its chance to win; further hands stay
 * below by shanten and live effective tiles. */
static double
discard_value (const McrView *v,
               guint            d,
               gboolean         threat)
{
  McrView w = *v;
  int sh;
  double value;
  guint eff;

  w.counts[d]--;
  w.drawn = MAHJONG_NO_TILE;
  w.replacement = FALSE;
  sh = shanten_of (w.counts, w.n_melds);
  eff = live_effective (w.counts, w.n_melds, w.visible, sh, TRUE);
  if (sh == 0)
    {
      double rate = ready_rate (&w);

      value = rate > 0 ? 900.0 + 1000.0 * win_within (rate, draws_left (&w)) : 880.0 + eff;
    }
  else if (sh == 1)
    value = 900.0 + 1000.0 * one_away_prob (&w);
  else
    value = 1000.0 - sh * 120.0 + eff * 1.5;
  value += 6.0 * MIN (16, plan_potential (w.counts, w.melds, w.n_melds, mcr_view_seat_wind (v),
                                          v->prevalent));
  if (threat)
    value -= (sh >= 2 ? 60.0 : sh == 1 ? 12.0 : 4.0) * danger (v, d);
  return value;
}

static guint
level4_discard (const McrView *v)
{
  gboolean threat = FALSE;
  double best = -1e9;
  guint best_t = MAHJONG_NO_TILE;

  for (guint o = 0; o < 4; o++)
    threat |= threatening (v, o);
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    if (v->counts[t] > 0)
      {
        double x = discard_value (v, t, threat);

        if (x > best)
          best = x, best_t = t;
      }
  return best_t;
}

/* ---- claims ------------------------------------------------------------------------- */

/* The best shanten after making @m from the discard and discarding. */
static int
after_claim (const McrView   *v,
             const MahjongMeld *m,
             McrView         *out)
{
  McrView w = *v;
  int best = 99;

  if (m->type == MAHJONG_MELD_CHOW)
    {
      for (guint t = m->tile; t < m->tile + 3u; t++)
        if (t != v->tile)
          w.counts[t]--;
    }
  else
    w.counts[m->tile] -= m->type == MAHJONG_MELD_KONG ? 3 : 2;
  w.melds[w.n_melds++] = *m;
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    if (w.counts[t] > 0)
      {
        w.counts[t]--;
        best = MIN (best, shanten_of (w.counts, w.n_melds));
        w.counts[t]++;
      }
  if (m->type == MAHJONG_MELD_KONG)
    best = shanten_of (w.counts, w.n_melds);
  *out = w;
  return best;
}

/* Whether a claim leading to @w (14 tiles after the claim, two or more away) is worth
 * making: a rough fan estimate. */
static gboolean
claim_worth (const McrView *w,
             int              level)
{
  return plan_potential (w->counts, w->melds, w->n_melds, mcr_view_seat_wind (w),
                         w->prevalent) >= (level >= 4 ? 5 : 6);
}

/* The best chance to win over the discards of a 14-tile hand (0 when two or more away). */
static double
best_prob_after (const McrView *w)
{
  McrView x = *w;
  double best = 0;

  for (guint e = 0; e < MAHJONG_N_KINDS; e++)
    if (x.counts[e] > 0)
      {
        int sh;

        x.counts[e]--;
        sh = shanten_of (x.counts, x.n_melds);
        if (sh == 0)
          best = MAX (best, ready_prob (&x));
        else if (sh == 1)
          best = MAX (best, one_away_prob (&x));
        x.counts[e]++;
      }
  return best;
}

/* Level 4: the claim (or the pass) with the best chance to win; a claim that stays two
 * or more away only when it lowers the shanten toward a fan estimate. */
static char *
choose_claim4 (const McrView *v)
{
  char buf[3];
  int now = shanten_of (v->counts, v->n_melds);
  double best = (now == 0 ? ready_prob (v) : now == 1 ? one_away_prob (v) : 0) + CLAIM_MARGIN;
  char *best_action = NULL;
  int best_sh = now;
  MahjongMeld options[4];
  guint n_options = 0;

  if (v->counts[v->tile] >= 2)
    options[n_options++] = (MahjongMeld) { MAHJONG_MELD_PUNG, v->tile, MAHJONG_MELD_CLAIMED,
                                           1, v->tile };
  if (v->from == ((guint) v->seat + 3) % 4 && v->tile < 27)
    for (int low = (int) v->tile - 2; low <= (int) v->tile; low++)
      {
        gboolean ok = low >= 0 && (guint) low / 9 == v->tile / 9 && low % 9 <= 6;

        for (int t = low; ok && t < low + 3; t++)
          ok = (guint) t == v->tile || v->counts[t] > 0;
        if (ok)
          options[n_options++] = (MahjongMeld) { MAHJONG_MELD_CHOW, (guint8) low,
                                                 MAHJONG_MELD_CLAIMED, 1, v->tile };
      }
  for (guint i = 0; i < n_options; i++)
    {
      McrView w;
      int sh = after_claim (v, &options[i], &w);
      gboolean take = FALSE;

      if (sh <= 1)
        {
          double p = best_prob_after (&w);

          if (p > best && (now <= 1 || p >= CLAIM_FROM_FAR))
            {
              best = p;
              take = TRUE;
            }
        }
      else if (sh < best_sh && best_action == NULL && claim_worth (&w, 4))
        take = TRUE;
      if (take)
        {
          best_sh = sh;
          g_free (best_action);
          if (options[i].type == MAHJONG_MELD_PUNG)
            best_action = g_strdup ("pung");
          else
            best_action = g_strdup_printf ("chow tile=%s",
                                           mahjong_tile_to_string (options[i].tile, buf));
        }
    }
  return best_action != NULL ? best_action : g_strdup ("pass");
}

static char *
choose_claim (const McrView *v,
              int              level,
              ParlorRng       *rng)
{
  char buf[3];
  int now;
  char *best_action = NULL;
  int best_sh;
  McrView w;

  if (mcr_ai_win_fan (v, v->tile, FALSE, v->phase == 'r') >= MCR_MIN_FAN)
    return g_strdup ("hu");
  if (v->phase == 'r' || v->wall == 0)
    return g_strdup ("pass");

  if (level >= 4)
    return choose_claim4 (v);
  now = shanten_of (v->counts, v->n_melds);
  best_sh = now;
  if (v->counts[v->tile] >= 2)
    {
      MahjongMeld m = { MAHJONG_MELD_PUNG, v->tile, MAHJONG_MELD_CLAIMED, 1, v->tile };
      int sh = after_claim (v, &m, &w);
      gboolean valued = v->tile >= 31 || v->tile == 27 + mcr_view_seat_wind (v)
                        || v->tile == 27 + v->prevalent;
      gboolean want;

      if (level >= 3)
        want = sh < now && claim_worth (&w, level);
      else
        want = sh < now || (valued && sh <= now);
      if (want)
        {
          gboolean kong = v->counts[v->tile] == 3 && level < 4;

          best_sh = sh;
          best_action = g_strdup (kong ? "kong" : "pung");
        }
    }
  if (v->from == ((guint) v->seat + 3) % 4 && v->tile < 27 && best_action == NULL)
    for (int low = (int) v->tile - 2; low <= (int) v->tile; low++)
      {
        MahjongMeld m = { MAHJONG_MELD_CHOW, 0, MAHJONG_MELD_CLAIMED, 1, v->tile };
        gboolean ok = low >= 0 && (guint) low / 9 == v->tile / 9 && low % 9 <= 6;
        int sh;

        for (int t = low; ok && t < low + 3; t++)
          ok = (guint) t == v->tile || v->counts[t] > 0;
        if (!ok)
          continue;
        m.tile = (guint8) low;
        sh = after_claim (v, &m, &w);
        if (sh >= best_sh)
          continue;
        if (level >= 3 && !claim_worth (&w, level))
          continue;
        if (level <= 2 && sh > 2 && parlor_rng_below (rng, 2) == 0)
          continue;
        best_sh = sh;
        g_free (best_action);
        best_action = g_strdup_printf ("chow tile=%s", mahjong_tile_to_string ((guint) low, buf));
      }
  return best_action != NULL ? best_action : g_strdup ("pass");
}

/* ---- turns ------------------------------------------------------------------------ */

static char *
choose_turn (const McrView *v,
             int              level,
             ParlorRng       *rng)
{
  char buf[3];
  guint d;

  if (v->drawn != MAHJONG_NO_TILE)
    {
      if (mcr_ai_win_fan (v, v->drawn, TRUE, FALSE) >= MCR_MIN_FAN)
        return g_strdup ("hu");
      if (v->wall > 0)
        for (guint t = 0; t < MAHJONG_N_KINDS; t++)
          {
            gboolean added = FALSE;

            for (guint i = 0; i < v->n_melds; i++)
              added |= v->melds[i].type == MAHJONG_MELD_PUNG && v->melds[i].tile == t;
            if ((v->counts[t] == 4 || (added && v->counts[t] >= 1)))
              {
                guint8 x[MAHJONG_N_KINDS];
                int before, after;

                memcpy (x, v->counts, sizeof x);
                /* the shanten without the kong tiles, before and after */
                x[t] = 0;
                after = shanten_of (x, v->n_melds + (added ? 0u : 1u));
                memcpy (x, v->counts, sizeof x);
                x[t]--;
                before = shanten_of (x, v->n_melds);
                if (after <= before)
                  return g_strdup_printf ("kong tile=%s", mahjong_tile_to_string (t, buf));
              }
          }
    }
  if (level >= 4)
    d = level4_discard (v);
  else
    {
      guint mistake = level == 1 ? 10 : level == 2 ? 20 : 0;

      d = eight_steps (v, level);
      if (mistake > 0 && parlor_rng_below (rng, mistake) == 0)
        {
          /* "play dumb once": a random tile of the hand */
          guint n = 0, k;

          for (guint t = 0; t < MAHJONG_N_KINDS; t++)
            n += v->counts[t];
          k = parlor_rng_below (rng, n);
          for (guint t = 0; t < MAHJONG_N_KINDS; t++)
            {
              if (k < v->counts[t])
                {
                  d = t;
                  break;
                }
              k -= v->counts[t];
            }
        }
    }
  return g_strdup_printf ("discard tile=%s", mahjong_tile_to_string (d, buf));
}

char *
mcr_ai_choose (const char    *level,
               const char    *view,
               guint64        seed,
               GCancellable  *cancellable,
               GError       **error)
{
  McrView v;
  ParlorRng rng;
  int lv;

  g_return_val_if_fail (level != NULL && view != NULL, NULL);

  if (level[0] < '1' || level[0] > '4' || level[1] != '\0')
    {
      g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                   _("Unknown level “%s” (1, 2, 3 or 4)"), level);
      return NULL;
    }
  lv = level[0] - '0';
  if (!mcr_view_parse (view, &v, error)
      || !parlor_game_check_asked (v.asked, error))
    return NULL;
  parlor_rng_init (&rng, seed, 0x616931);
  if (v.phase == 't')
    return choose_turn (&v, lv, &rng);
  /* A claim names the tile offered; a view without one is damaged. */
  if (v.tile >= MAHJONG_N_KINDS)
    {
      g_set_error_literal (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_SYNTAX,
                           _("The view names no tile to claim"));
      return NULL;
    }
  return choose_claim (&v, lv, &rng);
}

/* ---- review ------------------------------------------------------------------------- */

/* Its value: the level 4 player's chance to win where it estimates one (ready
 * and one-away hands). */
typedef MahjongReviewOutcome Outcome;

/* A 13-tile hand (or its equivalent with melds): where it stands. */
static void
outcome_of_13 (const McrView *w,
               Outcome       *o)
{
  o->shanten = shanten_of (w->counts, w->n_melds);
  o->ukeire = live_effective (w->counts, w->n_melds, w->visible, o->shanten, TRUE);
  o->estimated = o->shanten <= 1;
  o->value = o->shanten == 0 ? ready_prob (w) : o->shanten == 1 ? one_away_prob (w) : 0;
}

/* A hand with a tile to discard: its best discard by shanten, then effective tiles. */
static void
outcome_of_14 (const McrView *w,
               Outcome       *o)
{
  McrView x = *w;
  gboolean any = FALSE;

  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    if (x.counts[t] > 0)
      {
        Outcome after = { 0 };

        x.counts[t]--;
        after.shanten = shanten_of (x.counts, x.n_melds);
        after.ukeire = live_effective (x.counts, x.n_melds, x.visible, after.shanten, TRUE);
        x.counts[t]++;
        if (!any || after.shanten < o->shanten ||
            (after.shanten == o->shanten && after.ukeire > o->ukeire))
          {
            o->shanten = after.shanten;
            o->ukeire = after.ukeire;
          }
        any = TRUE;
      }
  o->estimated = o->shanten <= 1;
  o->value = o->estimated ? best_prob_after (w) : 0;
}

/* A claim (or a pass) is judged by the chance to win where there is one for
 * both, a turn's move by the shape. */
static gpointer
review_prepare (const char          *view,
                guint64              seed,
                MahjongReviewJudge  *judge,
                GError             **error)
{
  g_autofree McrView *v = g_new (McrView, 1);

  if (!mcr_view_parse (view, v, error)
      || !parlor_game_check_asked (v->asked, error))
    return NULL;
  *judge = v->phase != 't' ? MAHJONG_REVIEW_BY_VALUE : MAHJONG_REVIEW_BY_SHAPE;
  return g_steal_pointer (&v);
}

static gboolean
review_outcome (gpointer    state,
                const char *action,
                Outcome    *o)
{
  const McrView *v = state;
  g_autoptr(ParlorLine) line = parlor_line_parse (action, NULL);
  const char *type;
  guint tile = MAHJONG_NO_TILE;
  McrView w = *v;

  memset (o, 0, sizeof *o);
  if (line == NULL || !mcr_view_can (v, action))
    return FALSE;
  type = parlor_line_get_type (line);
  if (parlor_line_has (line, "tile"))
    tile = mahjong_tile_from_string (parlor_line_get (line, "tile"));
  w.drawn = MAHJONG_NO_TILE;
  w.replacement = FALSE;

  if (g_str_equal (type, "hu"))
    {
      o->win = TRUE;
      o->shanten = -1;
      o->estimated = TRUE;
      o->value = 1.0;
      o->words = g_strdup (_("Declare the win (Hu)"));
      return TRUE;
    }
  if (g_str_equal (type, "pass"))
    {
      outcome_of_13 (&w, o);
      o->words = g_strdup (_("Pass"));
      return TRUE;
    }
  if (tile == MAHJONG_NO_TILE && (g_str_equal (type, "pung") || g_str_equal (type, "kong")))
    tile = v->tile;
  if (tile >= MAHJONG_N_KINDS)
    return FALSE;
  {
    g_autofree char *name = mahjong_tile_name (tile);

    if (g_str_equal (type, "discard"))
      {
        w.counts[tile]--;
        outcome_of_13 (&w, o);
        o->words = g_strdup_printf (_("Discard %s"), name);
        return TRUE;
      }
    if (g_str_equal (type, "kong") && v->phase == 't')
      {
        gboolean added = w.counts[tile] < 4;

        w.counts[tile] = added ? w.counts[tile] - 1 : 0;
        if (!added)
          w.melds[w.n_melds++] = (MahjongMeld) { MAHJONG_MELD_KONG, (guint8) tile,
                                                 MAHJONG_MELD_CONCEALED, 0,
                                                 MAHJONG_NO_TILE };
        /* the replacement draw still to come: where the hand stands without it */
        outcome_of_13 (&w, o);
        o->words = g_strdup_printf (_("Declare a kong of %s"), name);
        return TRUE;
      }
    if (g_str_equal (type, "pung") || g_str_equal (type, "kong") || g_str_equal (type, "chow"))
      {
        MahjongMeld m = { MAHJONG_MELD_PUNG, (guint8) tile, MAHJONG_MELD_CLAIMED, 1, v->tile };

        if (g_str_equal (type, "kong"))
          m.type = MAHJONG_MELD_KONG;
        else if (g_str_equal (type, "chow"))
          m.type = MAHJONG_MELD_CHOW;
        after_claim (v, &m, &w);
        if (m.type == MAHJONG_MELD_KONG)
          outcome_of_13 (&w, o);
        else
          outcome_of_14 (&w, o);
        o->words = m.type == MAHJONG_MELD_CHOW
                   ? g_strdup_printf (_("Chow the run from %s"), name)
                   : m.type == MAHJONG_MELD_KONG ? g_strdup_printf (_("Claim a kong of %s"), name)
                                                 : g_strdup_printf (_("Pung %s"), name);
        return TRUE;
      }
  }
  return FALSE;
}

MAHJONG_DEFINE_REVIEW (mcr, MAHJONG_REVIEW_CHANCE, review_prepare, review_outcome, g_free)

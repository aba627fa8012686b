/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-mahjong"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "mahjong-shape.h"

const MahjongSetRules mahjong_rules_mcr = { 4, 1, 7 };
const MahjongSetRules mahjong_rules_honors = { 2, 1, 0 };
const MahjongSetRules mahjong_rules_suzume = { 2, 0, 4 };

/* ---- splits ------------------------------------------------------------ */

typedef struct
{
  guint8                 c[MAHJONG_N_KINDS];
  const MahjongSetRules *rules;
  MahjongGroup           groups[16];
  guint                  n;
  MahjongSplitFunc       func;
  gpointer               data;
  guint                  visits;
  gboolean               stop;
} SplitState;

static void
split_rec (SplitState *st,
           guint       start,
           guint       sets_left,
           guint       pairs_left,
           guint       min_type)
{
  guint i = start;

  while (i < MAHJONG_N_KINDS && st->c[i] == 0)
    i++, min_type = 0;
  if (i == MAHJONG_N_KINDS)
    {
      if (sets_left == 0 && pairs_left == 0)
        {
          st->visits++;
          if (st->func != NULL && !st->func (st->groups, st->n, st->data))
            st->stop = TRUE;
        }
      return;
    }

  /* Groups that start on the same tile come in type order, so each split is seen once. */
  if (min_type <= MAHJONG_GROUP_PAIR && pairs_left > 0 && st->c[i] >= 2)
    {
      st->c[i] -= 2;
      st->groups[st->n++] = (MahjongGroup) { MAHJONG_GROUP_PAIR, (guint8) i };
      split_rec (st, i, sets_left, pairs_left - 1, MAHJONG_GROUP_PAIR);
      st->n--;
      st->c[i] += 2;
      if (st->stop)
        return;
    }
  if (min_type <= MAHJONG_GROUP_PUNG && sets_left > 0 && st->c[i] >= 3)
    {
      st->c[i] -= 3;
      st->groups[st->n++] = (MahjongGroup) { MAHJONG_GROUP_PUNG, (guint8) i };
      split_rec (st, i, sets_left - 1, pairs_left, MAHJONG_GROUP_PUNG);
      st->n--;
      st->c[i] += 3;
      if (st->stop)
        return;
    }
  if (sets_left > 0 && i < 27 && (st->rules->chow_suits & (1u << (i / 9))) && i % 9 <= 6
      && st->c[i + 1] > 0 && st->c[i + 2] > 0)
    {
      st->c[i]--, st->c[i + 1]--, st->c[i + 2]--;
      st->groups[st->n++] = (MahjongGroup) { MAHJONG_GROUP_CHOW, (guint8) i };
      split_rec (st, i, sets_left - 1, pairs_left, MAHJONG_GROUP_CHOW);
      st->n--;
      st->c[i]++, st->c[i + 1]++, st->c[i + 2]++;
    }
}

guint
mahjong_split_enumerate (const guint8          counts[MAHJONG_N_KINDS],
                         const MahjongSetRules *rules,
                         int                    n_sets_override,
                         MahjongSplitFunc       func,
                         gpointer               user_data)
{
  SplitState st;
  guint total = 0;
  guint n_sets;

  g_return_val_if_fail (counts != NULL, 0);
  g_return_val_if_fail (rules != NULL, 0);

  n_sets = n_sets_override >= 0 ? (guint) n_sets_override : rules->n_sets;
  if (n_sets + rules->n_pairs > G_N_ELEMENTS (st.groups))
    return 0;
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    total += counts[t];
  if (total != 3 * n_sets + 2u * rules->n_pairs)
    return 0;

  memcpy (st.c, counts, sizeof st.c);
  st.rules = rules;
  st.n = 0;
  st.func = func;
  st.data = user_data;
  st.visits = 0;
  st.stop = FALSE;
  split_rec (&st, 0, n_sets, rules->n_pairs, 0);
  return st.visits;
}

/* ---- quick completeness -------------------------------------------------- */

/* Sets only: at each rank, pungs first, then the remainder (mod 3) as runs. */
static gboolean
suit_sets_only (const guint8 *c,
                gboolean      runs)
{
  int a[11];

  for (guint i = 0; i < 9; i++)
    a[i] = c[i];
  a[9] = a[10] = 0;
  for (guint i = 0; i < 9; i++)
    {
      int r;

      if (a[i] < 0)
        return FALSE;
      r = a[i] % 3;
      if (r == 0)
        continue;
      if (!runs || i >= 7)
        return FALSE;
      a[i + 1] -= r;
      a[i + 2] -= r;
    }
  return TRUE;
}

static gboolean
suit_complete (const guint8 *c,
               guint         len,
               gboolean      runs,
               gboolean      with_pair)
{
  guint8 tmp[9];

  if (!runs)
    {
      gboolean pair = FALSE;

      for (guint i = 0; i < len; i++)
        {
          if (c[i] == 2)
            {
              if (pair || !with_pair)
                return FALSE;
              pair = TRUE;
            }
          else if (c[i] != 0 && c[i] != 3)
            return FALSE;
        }
      return pair == with_pair;
    }
  if (!with_pair)
    return suit_sets_only (c, TRUE);
  for (guint i = 0; i < 9; i++)
    if (c[i] >= 2)
      {
        memcpy (tmp, c, 9);
        tmp[i] -= 2;
        if (suit_sets_only (tmp, TRUE))
          return TRUE;
      }
  return FALSE;
}

/* 0 complete without a pair, 1 complete with one pair, -1 not complete */
static int
suit_state (const guint8 *counts,
            guint         s)
{
  const guint8 *c = counts + 9 * s;
  guint len = s == 3 ? 7 : 9;
  guint sum = 0;

  for (guint i = 0; i < len; i++)
    sum += c[i];
  switch (sum % 3)
    {
    case 0:
      return sum == 0 || suit_complete (c, len, s < 3, FALSE) ? 0 : -1;
    case 2:
      return suit_complete (c, len, s < 3, TRUE) ? 1 : -1;
    default:
      return -1;
    }
}

gboolean
mahjong_is_regular_complete (const guint8 counts[MAHJONG_N_KINDS],
                             guint        n_sets)
{
  guint sums[4] = { 0, 0, 0, 0 };
  int pair_suit = -1;

  g_return_val_if_fail (counts != NULL, FALSE);

  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    sums[mahjong_tile_suit (t)] += counts[t];
  if (sums[0] + sums[1] + sums[2] + sums[3] != 3 * n_sets + 2)
    return FALSE;
  for (guint s = 0; s < 4; s++)
    {
      guint r = sums[s] % 3;

      if (r == 1)
        return FALSE;
      if (r == 2)
        {
          if (pair_suit >= 0)
            return FALSE;
          pair_suit = (int) s;
        }
    }
  for (guint s = 0; s < 4; s++)
    if (sums[s] > 0 && !suit_complete (counts + 9 * s, s == 3 ? 7 : 9, s < 3, (int) s == pair_suit))
      return FALSE;
  return TRUE;
}

/* ---- forms --------------------------------------------------------------- */

const char *
mahjong_form_name (MahjongForm form)
{
  switch (form)
    {
    case MAHJONG_FORM_REGULAR: return "regular";
    case MAHJONG_FORM_SEVEN_PAIRS: return "seven-pairs";
    case MAHJONG_FORM_THIRTEEN_ORPHANS: return "thirteen-orphans";
    case MAHJONG_FORM_HONORS_KNITTED: return "honors-and-knitted";
    case MAHJONG_FORM_KNITTED_STRAIGHT: return "knitted-straight";
    case MAHJONG_N_FORMS:
    default: return "?";
    }
}

static const guint8 knitted_perm[6][3] = {
  { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 }, { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 },
};

/* knitted[p][k * 3 + j]: suit perm[p][k] holds ranks k+1, k+4, k+7 */
static guint8 knitted[6][9];

static void
ensure_knitted (void)
{
  static gsize once = 0;

  if (g_once_init_enter (&once))
    {
      for (guint p = 0; p < 6; p++)
        for (guint k = 0; k < 3; k++)
          for (guint j = 0; j < 3; j++)
            knitted[p][k * 3 + j] = (guint8) (knitted_perm[p][k] * 9 + k + 3 * j);
      g_once_init_leave (&once, 1);
    }
}

void
mahjong_knitted_tiles (guint  pattern,
                       guint8 tiles[9])
{
  g_return_if_fail (pattern < 6);

  ensure_knitted ();
  memcpy (tiles, knitted[pattern], 9);
}

static const guint8 orphans[13] = { 0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33 };

static gboolean
is_knitted_straight_complete (const guint8 counts[MAHJONG_N_KINDS],
                              guint        n_melds)
{
  if (n_melds > 1)
    return FALSE;
  for (guint p = 0; p < 6; p++)
    {
      guint8 kt[9];
      guint8 rest[MAHJONG_N_KINDS];
      gboolean ok = TRUE;

      mahjong_knitted_tiles (p, kt);
      memcpy (rest, counts, sizeof rest);
      for (guint k = 0; k < 9 && ok; k++)
        {
          if (rest[kt[k]] == 0)
            ok = FALSE;
          else
            rest[kt[k]]--;
        }
      if (ok && mahjong_is_regular_complete (rest, 1 - n_melds))
        return TRUE;
    }
  return FALSE;
}

guint
mahjong_winning_tiles (const guint8 counts[MAHJONG_N_KINDS],
                       guint        n_melds,
                       const guint8 *held,
                       guint        limit,
                       guint8       out[MAHJONG_N_KINDS])
{
  guint8 c[MAHJONG_N_KINDS];
  gboolean near[MAHJONG_N_KINDS] = { FALSE };
  gboolean special = FALSE;
  int states[4];
  guint n = 0;

  g_return_val_if_fail (counts != NULL, 0);

  if (n_melds > 4)
    return 0;
  ensure_knitted ();
  /* a regular wait is within two ranks of a held tile of its suit */
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    if (counts[t] > 0)
      {
        if (t >= 27)
          near[t] = TRUE;
        else
          for (int d = -2; d <= 2; d++)
            {
              int r = (int) (t % 9) + d;

              if (r >= 0 && r < 9)
                near[t - t % 9 + (guint) r] = TRUE;
            }
      }
  if (n_melds == 0)
    special = mahjong_shanten_form (counts, 0, MAHJONG_FORM_SEVEN_PAIRS) == 0
              || mahjong_shanten_form (counts, 0, MAHJONG_FORM_THIRTEEN_ORPHANS) == 0
              || mahjong_shanten_form (counts, 0, MAHJONG_FORM_HONORS_KNITTED) == 0;
  if (n_melds <= 1)
    for (guint p = 0; p < 6 && !special; p++)
      {
        guint have = 0;

        for (guint k = 0; k < 9; k++)
          have += counts[knitted[p][k]] > 0;
        special = have >= 8;
      }

  for (guint s = 0; s < 4; s++)
    states[s] = suit_state (counts, s);
  memcpy (c, counts, sizeof c);
  for (guint t = 0; t < MAHJONG_N_KINDS && n < limit; t++)
    {
      gboolean win;

      if ((held != NULL ? held[t] : counts[t]) >= 4 || (!near[t] && !special))
        continue;
      c[t]++;
      if (special)
        win = mahjong_is_complete (c, n_melds);
      else
        {
          /* only the suit of t changes */
          guint u = mahjong_tile_suit (t);
          int pairs = suit_state (c, u);

          for (guint s = 0; s < 4 && pairs >= 0; s++)
            if (s != u)
              pairs = states[s] < 0 ? -1 : pairs + states[s];
          win = pairs == 1;
        }
      c[t]--;
      if (win)
        {
          if (out != NULL)
            out[n] = (guint8) t;
          n++;
        }
    }
  return n;
}

guint
mahjong_complete_forms (const guint8 counts[MAHJONG_N_KINDS],
                        guint        n_melds)
{
  guint mask = 0;

  g_return_val_if_fail (counts != NULL, 0);

  if (n_melds > 4)
    return 0;
  if (mahjong_is_regular_complete (counts, 4 - n_melds))
    mask |= 1u << MAHJONG_FORM_REGULAR;
  if (is_knitted_straight_complete (counts, n_melds))
    mask |= 1u << MAHJONG_FORM_KNITTED_STRAIGHT;
  for (guint f = MAHJONG_FORM_SEVEN_PAIRS; f <= MAHJONG_FORM_HONORS_KNITTED && n_melds == 0; f++)
    if (mahjong_shanten_form (counts, 0, (MahjongForm) f) == -1)
      mask |= 1u << f;
  return mask;
}

gboolean
mahjong_is_complete (const guint8 counts[MAHJONG_N_KINDS],
                     guint        n_melds)
{
  guint total = 0;

  g_return_val_if_fail (counts != NULL, FALSE);

  if (n_melds > 4)
    return FALSE;
  if (mahjong_is_regular_complete (counts, 4 - n_melds))
    return TRUE;
  if (is_knitted_straight_complete (counts, n_melds))
    return TRUE;
  if (n_melds > 0)
    return FALSE;
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    total += counts[t];
  if (total != 14)
    return FALSE;
  return mahjong_shanten_form (counts, 0, MAHJONG_FORM_SEVEN_PAIRS) == -1
         || mahjong_shanten_form (counts, 0, MAHJONG_FORM_THIRTEEN_ORPHANS) == -1
         || mahjong_shanten_form (counts, 0, MAHJONG_FORM_HONORS_KNITTED) == -1;
}

/* ---- shanten ------------------------------------------------------------- */

#define INF 100
#define N_SUIT_KEYS 1953125   /* 5^9 */

/* need[m * 2 + p]: fewest tiles to add so the suit holds m sets (+ a pair if p). */
static guint8 *suit_memo;     /* value + 1, 0 = not computed yet */

static void
suit_need_compute (const guint8 *v,
                   guint8        out[10])
{
  guint8 dp[5][2][5][5];
  guint8 nd[5][2][5][5];

  memset (dp, INF, sizeof dp);
  dp[0][0][0][0] = 0;
  for (guint i = 0; i < 9; i++)
    {
      memset (nd, INF, sizeof nd);
      for (guint s = 0; s <= 4; s++)
        for (guint p = 0; p < 2; p++)
          for (guint c1 = 0; c1 <= 4; c1++)
            for (guint c2 = 0; c2 <= 4; c2++)
              {
                guint8 base = dp[s][p][c1][c2];

                if (base >= INF)
                  continue;
                for (guint a = 0; a + s <= 4 && (a == 0 || i <= 6); a++)
                  for (guint q = 0; q < 2 && s + a + q <= 4; q++)
                    for (guint r = 0; r < 2 - p; r++)
                      {
                        guint req = c1 + c2 + a + 3 * q + 2 * r;
                        guint cost;

                        if (req > 4)
                          continue;
                        cost = base + (req > v[i] ? req - v[i] : 0);
                        if (cost < nd[s + a + q][p | r][a][c1])
                          nd[s + a + q][p | r][a][c1] = (guint8) cost;
                      }
              }
      memcpy (dp, nd, sizeof dp);
    }
  for (guint m = 0; m <= 4; m++)
    for (guint p = 0; p < 2; p++)
      out[m * 2 + p] = dp[m][p][0][0];
}

/* out[k] = need + 1 */
static void
suit_need (const guint8 *v,
           guint8        out[10])
{
  guint key = 0;
  guint8 *slot;

  if (G_UNLIKELY (suit_memo == NULL))
    {
      static gsize once = 0;

      if (g_once_init_enter (&once))
        {
          suit_memo = g_malloc0 ((gsize) N_SUIT_KEYS * 10);
          g_once_init_leave (&once, 1);
        }
    }
  for (guint i = 0; i < 9; i++)
    {
      if (G_UNLIKELY (v[i] > 4))
        {
          /* not a real hand: no memo */
          suit_need_compute (v, out);
          for (guint k = 0; k < 10; k++)
            out[k]++;
          return;
        }
      key = key * 5 + v[i];
    }
  slot = suit_memo + (gsize) key * 10;
  /* several threads may fill the same slot with the same bytes; slot[0] is published last */
  if (G_UNLIKELY (__atomic_load_n (&slot[0], __ATOMIC_ACQUIRE) == 0))
    {
      guint8 tmp[10];

      suit_need_compute (v, tmp);
      for (guint k = 0; k < 10; k++)
        out[k] = (guint8) (tmp[k] + 1);
      for (guint k = 1; k < 10; k++)
        __atomic_store_n (&slot[k], out[k], __ATOMIC_RELAXED);
      __atomic_store_n (&slot[0], out[0], __ATOMIC_RELEASE);
      return;
    }
  memcpy (out, slot, 10);
}

static void
honor_need_compute (const guint8 *v,
            guint8        out[10])
{
  guint8 dp[5][2];

  memset (dp, INF, sizeof dp);
  dp[0][0] = 0;
  for (guint i = 0; i < 7; i++)
    {
      guint8 nd[5][2];
      guint pung = v[i] >= 3 ? 0 : 3 - v[i];
      guint pair = v[i] >= 2 ? 0 : 2 - v[i];

      memcpy (nd, dp, sizeof nd);
      for (guint s = 0; s <= 4; s++)
        for (guint p = 0; p < 2; p++)
          {
            if (dp[s][p] >= INF)
              continue;
            if (s < 4 && dp[s][p] + pung < nd[s + 1][p])
              nd[s + 1][p] = (guint8) (dp[s][p] + pung);
            if (p == 0 && dp[s][p] + pair < nd[s][1])
              nd[s][1] = (guint8) (dp[s][p] + pair);
          }
      memcpy (dp, nd, sizeof dp);
    }
  for (guint m = 0; m <= 4; m++)
    for (guint p = 0; p < 2; p++)
      out[m * 2 + p] = (guint8) (dp[m][p] + 1);
}

#define N_HONOR_KEYS 78125   /* 5^7 */
static guint8 *honor_memo;

static void
honor_need (const guint8 *v,
            guint8        out[10])
{
  guint key = 0;
  guint8 *slot;

  if (G_UNLIKELY (honor_memo == NULL))
    {
      static gsize once = 0;

      if (g_once_init_enter (&once))
        {
          honor_memo = g_malloc0 ((gsize) N_HONOR_KEYS * 10);
          g_once_init_leave (&once, 1);
        }
    }
  for (guint i = 0; i < 7; i++)
    {
      if (G_UNLIKELY (v[i] > 4))
        {
          honor_need_compute (v, out);
          return;
        }
      key = key * 5 + v[i];
    }
  slot = honor_memo + (gsize) key * 10;
  if (G_UNLIKELY (__atomic_load_n (&slot[0], __ATOMIC_ACQUIRE) == 0))
    {
      honor_need_compute (v, out);
      for (guint k = 1; k < 10; k++)
        __atomic_store_n (&slot[k], out[k], __ATOMIC_RELAXED);
      __atomic_store_n (&slot[0], out[0], __ATOMIC_RELEASE);
      return;
    }
  memcpy (out, slot, 10);
}

/* Fewest tiles to add for n_sets sets + one pair. */
static guint
regular_need (const guint8 counts[MAHJONG_N_KINDS],
              guint        n_sets)
{
  guint8 parts[4][10];
  guint cur[5][2];

  suit_need (counts, parts[0]);
  suit_need (counts + 9, parts[1]);
  suit_need (counts + 18, parts[2]);
  honor_need (counts + 27, parts[3]);

  for (guint m = 0; m <= n_sets; m++)
    {
      cur[m][0] = parts[0][m * 2];
      cur[m][1] = parts[0][m * 2 + 1];
    }
  /* values carry +1 per part: subtract at the end */
  for (guint k = 1; k < 3; k++)
    {
      guint nx[5][2];

      for (guint m = 0; m <= n_sets; m++)
        {
          guint b0 = INF * 4, b1 = INF * 4;

          for (guint a = 0; a <= m; a++)
            {
              const guint8 *q = parts[k] + a * 2;
              guint v0 = cur[m - a][0] + q[0];
              guint v1 = MIN (cur[m - a][1] + q[0], cur[m - a][0] + q[1]);

              b0 = MIN (b0, v0);
              b1 = MIN (b1, v1);
            }
          nx[m][0] = b0;
          nx[m][1] = b1;
        }
      memcpy (cur, nx, sizeof cur);
    }
  {
    guint best = INF * 4;

    for (guint a = 0; a <= n_sets; a++)
      {
        const guint8 *q = parts[3] + a * 2;

        best = MIN (best, MIN (cur[n_sets - a][1] + q[0], cur[n_sets - a][0] + q[1]));
      }
    return best - 4;
  }
}

/* Fewest tiles to add for a knitted straight + sets; answers at least bound when the
 * true value is not below it. */
static guint
knitted_need (const guint8 counts[MAHJONG_N_KINDS],
              guint        n_melds,
              guint        bound)
{
  guint best = bound;

  for (guint p = 0; p < 6; p++)
    {
      guint8 kt[9];
      guint8 rest[MAHJONG_N_KINDS];
      guint missing = 0;
      guint need;

      mahjong_knitted_tiles (p, kt);
      for (guint k = 0; k < 9; k++)
        missing += counts[kt[k]] == 0;
      if (missing >= best)
        continue;
      memcpy (rest, counts, sizeof rest);
      for (guint k = 0; k < 9; k++)
        if (rest[kt[k]] > 0)
          rest[kt[k]]--;
      need = missing + regular_need (rest, 1 - n_melds);
      best = MIN (best, need);
    }
  return best;
}

int
mahjong_shanten_form (const guint8 counts[MAHJONG_N_KINDS],
                      guint        n_melds,
                      MahjongForm  form)
{
  g_return_val_if_fail (counts != NULL, MAHJONG_SHANTEN_NONE);

  if (n_melds > 4)
    return MAHJONG_SHANTEN_NONE;

  switch (form)
    {
    case MAHJONG_FORM_REGULAR:
      return (int) regular_need (counts, 4 - n_melds) - 1;

    case MAHJONG_FORM_SEVEN_PAIRS:
      {
        guint pairs = 0;

        if (n_melds > 0)
          return MAHJONG_SHANTEN_NONE;
        for (guint t = 0; t < MAHJONG_N_KINDS; t++)
          pairs += counts[t] / 2u;
        return 6 - (int) MIN (pairs, 7u);
      }

    case MAHJONG_FORM_THIRTEEN_ORPHANS:
      {
        guint kinds = 0;
        gboolean pair = FALSE;

        if (n_melds > 0)
          return MAHJONG_SHANTEN_NONE;
        for (guint k = 0; k < 13; k++)
          if (counts[orphans[k]] > 0)
            {
              kinds++;
              pair |= counts[orphans[k]] >= 2;
            }
        return 13 - (int) kinds - (pair ? 1 : 0);
      }

    case MAHJONG_FORM_HONORS_KNITTED:
      {
        guint best = 0;
        guint honors = 0;

        if (n_melds > 0)
          return MAHJONG_SHANTEN_NONE;
        for (guint t = 27; t < 34; t++)
          honors += counts[t] > 0;
        for (guint p = 0; p < 6; p++)
          {
            guint8 kt[9];
            guint d = honors;

            mahjong_knitted_tiles (p, kt);
            for (guint k = 0; k < 9; k++)
              d += counts[kt[k]] > 0;
            best = MAX (best, d);
          }
        return 13 - (int) MIN (best, 14u);
      }

    case MAHJONG_FORM_KNITTED_STRAIGHT:
      if (n_melds > 1)
        return MAHJONG_SHANTEN_NONE;
      return (int) knitted_need (counts, n_melds, INF) - 1;

    case MAHJONG_N_FORMS:
    default:
      g_return_val_if_reached (MAHJONG_SHANTEN_NONE);
    }
}

int
mahjong_shanten (const guint8 counts[MAHJONG_N_KINDS],
                 guint        n_melds,
                 int          forms_out[MAHJONG_N_FORMS])
{
  int best = MAHJONG_SHANTEN_NONE;

  g_return_val_if_fail (counts != NULL, MAHJONG_SHANTEN_NONE);

  if (forms_out != NULL)
    {
      for (guint f = 0; f < MAHJONG_N_FORMS; f++)
        {
          forms_out[f] = mahjong_shanten_form (counts, n_melds, (MahjongForm) f);
          best = MIN (best, forms_out[f]);
        }
      return best;
    }
  /* the cheap forms first, then the knitted straight only if it can still win */
  for (guint f = 0; f < MAHJONG_FORM_KNITTED_STRAIGHT; f++)
    best = MIN (best, mahjong_shanten_form (counts, n_melds, (MahjongForm) f));
  if (n_melds <= 1 && best > -1)
    best = MIN (best, (int) knitted_need (counts, n_melds, (guint) (best + 1)) - 1);
  return best;
}

static int
compare_effective (gconstpointer a,
                   gconstpointer b)
{
  const MahjongEffective *x = a;
  const MahjongEffective *y = b;

  if (x->shanten != y->shanten)
    return x->shanten - y->shanten;
  if (x->n_tiles != y->n_tiles)
    return x->n_tiles > y->n_tiles ? -1 : 1;
  return (int) x->discard - (int) y->discard;
}

static void
fill_effective (const guint8      *counts13,
                guint              n_melds,
                const guint8      *all,
                const guint8      *visible,
                MahjongEffective  *e)
{
  guint8 c[MAHJONG_N_KINDS];
  int s = mahjong_shanten (counts13, n_melds, NULL);

  e->shanten = (gint8) s;
  e->n_kinds = 0;
  e->n_tiles = 0;
  memcpy (c, counts13, sizeof c);
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    {
      guint seen = visible != NULL ? visible[t] : all[t];

      if (all[t] >= 4 || seen >= 4)
        continue;
      c[t]++;
      if (mahjong_shanten (c, n_melds, NULL) < s)
        {
          e->kinds[e->n_kinds++] = (guint8) t;
          e->n_tiles += 4 - seen;
        }
      c[t]--;
    }
}

guint
mahjong_effective_tiles (const MahjongHand *hand,
                         const guint8      *visible,
                         MahjongEffective   out[MAHJONG_N_KINDS])
{
  guint8 all[MAHJONG_N_KINDS];
  guint size;
  guint n = 0;

  g_return_val_if_fail (hand != NULL, 0);
  g_return_val_if_fail (out != NULL, 0);

  mahjong_hand_all_counts (hand, all);
  size = mahjong_hand_size (hand);
  if (size % 3 == 1)
    {
      out[0].discard = MAHJONG_NO_TILE;
      fill_effective (hand->counts, hand->n_melds, all, visible, &out[0]);
      return 1;
    }
  for (guint d = 0; d < MAHJONG_N_KINDS; d++)
    {
      guint8 c[MAHJONG_N_KINDS];

      if (hand->counts[d] == 0)
        continue;
      memcpy (c, hand->counts, sizeof c);
      c[d]--;
      out[n].discard = (guint8) d;
      fill_effective (c, hand->n_melds, all, visible, &out[n]);
      n++;
    }
  qsort (out, n, sizeof (MahjongEffective), compare_effective);
  return n;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-mahjong"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mahjong-mcr.h"
#include "mahjong-shape.h"

typedef struct
{
  const char *name;
  guint8      points;
} FanInfo;

static const FanInfo fan_info[MCR_N_FANS] = {
  { N_("Big Four Winds"), 88 }, { N_("Big Three Dragons"), 88 }, { N_("All Green"), 88 },
  { N_("Nine Gates"), 88 }, { N_("Four Kongs"), 88 }, { N_("Seven Shifted Pairs"), 88 },
  { N_("Thirteen Orphans"), 88 },
  { N_("All Terminals"), 64 }, { N_("Little Four Winds"), 64 }, { N_("Little Three Dragons"), 64 },
  { N_("All Honors"), 64 }, { N_("Four Concealed Pungs"), 64 }, { N_("Pure Terminal Chows"), 64 },
  { N_("Quadruple Chow"), 48 }, { N_("Four Pure Shifted Pungs"), 48 },
  { N_("Four Pure Shifted Chows"), 32 }, { N_("Three Kongs"), 32 }, { N_("All Terminals and Honors"), 32 },
  { N_("Seven Pairs"), 24 }, { N_("Greater Honors and Knitted Tiles"), 24 }, { N_("All Even Pungs"), 24 },
  { N_("Full Flush"), 24 }, { N_("Pure Triple Chow"), 24 }, { N_("Pure Shifted Pungs"), 24 },
  { N_("Upper Tiles"), 24 }, { N_("Middle Tiles"), 24 }, { N_("Lower Tiles"), 24 },
  { N_("Pure Straight"), 16 }, { N_("Three-Suited Terminal Chows"), 16 }, { N_("Pure Shifted Chows"), 16 },
  { N_("All Fives"), 16 }, { N_("Triple Pung"), 16 }, { N_("Three Concealed Pungs"), 16 },
  { N_("Lesser Honors and Knitted Tiles"), 12 }, { N_("Knitted Straight"), 12 }, { N_("Upper Four"), 12 },
  { N_("Lower Four"), 12 }, { N_("Big Three Winds"), 12 },
  { N_("Mixed Straight"), 8 }, { N_("Reversible Tiles"), 8 }, { N_("Mixed Triple Chow"), 8 },
  { N_("Mixed Shifted Pungs"), 8 }, { N_("Chicken Hand"), 8 }, { N_("Last Tile Draw"), 8 },
  { N_("Last Tile Claim"), 8 }, { N_("Out with Replacement Tile"), 8 }, { N_("Robbing the Kong"), 8 },
  { N_("All Pungs"), 6 }, { N_("Half Flush"), 6 }, { N_("Mixed Shifted Chows"), 6 }, { N_("All Types"), 6 },
  { N_("Melded Hand"), 6 }, { N_("Two Concealed Kongs"), 6 }, { N_("Two Dragon Pungs"), 6 },
  { N_("Outside Hand"), 4 }, { N_("Fully Concealed Hand"), 4 }, { N_("Two Melded Kongs"), 4 },
  { N_("Last Tile"), 4 },
  { N_("Dragon Pung"), 2 }, { N_("Prevalent Wind"), 2 }, { N_("Seat Wind"), 2 }, { N_("Concealed Hand"), 2 },
  { N_("All Chows"), 2 }, { N_("Tile Hog"), 2 }, { N_("Double Pung"), 2 }, { N_("Two Concealed Pungs"), 2 },
  { N_("Concealed Kong"), 2 }, { N_("All Simples"), 2 },
  { N_("Pure Double Chow"), 1 }, { N_("Mixed Double Chow"), 1 }, { N_("Short Straight"), 1 },
  { N_("Two Terminal Chows"), 1 }, { N_("Pung of Terminals or Honors"), 1 }, { N_("Melded Kong"), 1 },
  { N_("One Voided Suit"), 1 }, { N_("No Honors"), 1 }, { N_("Edge Wait"), 1 }, { N_("Closed Wait"), 1 },
  { N_("Single Wait"), 1 }, { N_("Self-Drawn"), 1 }, { N_("Flower Tiles"), 1 },
};

const char *
mcr_fan_name (McrFan fan)
{
  g_return_val_if_fail (fan < MCR_N_FANS, NULL);
  return fan_info[fan].name;
}

McrFan
mcr_fan_from_name (const char *english)
{
  guint f = 0;

  while (f < MCR_N_FANS && g_strcmp0 (fan_info[f].name, english) != 0)
    f++;
  return (McrFan) f;
}

int
mcr_fan_points (McrFan fan)
{
  g_return_val_if_fail (fan < MCR_N_FANS, 0);
  return fan_info[fan].points;
}

/* Non-repeat: the fans each fan implies or replaces, written out in full (applied in
 * table order, so a fan already struck off strikes off nothing). */
#define END MCR_N_FANS
static const guint8 exclusions[][12] = {
  { MCR_BIG_FOUR_WINDS, MCR_BIG_THREE_WINDS, MCR_LITTLE_FOUR_WINDS, MCR_ALL_PUNGS,
    MCR_PREVALENT_WIND, MCR_SEAT_WIND, MCR_PUNG_OF_TERMINALS_OR_HONORS, END },
  { MCR_BIG_THREE_DRAGONS, MCR_LITTLE_THREE_DRAGONS, MCR_TWO_DRAGON_PUNGS, MCR_DRAGON_PUNG, END },
  { MCR_ALL_GREEN, MCR_HALF_FLUSH, MCR_ONE_VOIDED_SUIT, END },
  { MCR_NINE_GATES, MCR_FULL_FLUSH, MCR_CONCEALED_HAND, MCR_FULLY_CONCEALED_HAND,
    MCR_NO_HONORS, MCR_ONE_VOIDED_SUIT, END },
  { MCR_FOUR_KONGS, MCR_THREE_KONGS, MCR_TWO_MELDED_KONGS, MCR_TWO_CONCEALED_KONGS,
    MCR_MELDED_KONG, MCR_CONCEALED_KONG, MCR_ALL_PUNGS, MCR_SINGLE_WAIT, END },
  { MCR_SEVEN_SHIFTED_PAIRS, MCR_SEVEN_PAIRS, MCR_FULL_FLUSH, MCR_NO_HONORS, MCR_ONE_VOIDED_SUIT,
    MCR_CONCEALED_HAND, MCR_FULLY_CONCEALED_HAND, MCR_SINGLE_WAIT, END },
  { MCR_THIRTEEN_ORPHANS, MCR_ALL_TYPES, MCR_ALL_TERMINALS_AND_HONORS, MCR_CONCEALED_HAND,
    MCR_FULLY_CONCEALED_HAND, MCR_SINGLE_WAIT, END },
  { MCR_ALL_TERMINALS, MCR_ALL_TERMINALS_AND_HONORS, MCR_ALL_PUNGS, MCR_OUTSIDE_HAND,
    MCR_PUNG_OF_TERMINALS_OR_HONORS, MCR_NO_HONORS, MCR_DOUBLE_PUNG, END },
  { MCR_LITTLE_FOUR_WINDS, MCR_BIG_THREE_WINDS, END },
  { MCR_LITTLE_THREE_DRAGONS, MCR_TWO_DRAGON_PUNGS, MCR_DRAGON_PUNG, END },
  { MCR_ALL_HONORS, MCR_ALL_TERMINALS_AND_HONORS, MCR_ALL_PUNGS, MCR_OUTSIDE_HAND,
    MCR_PUNG_OF_TERMINALS_OR_HONORS, END },
  { MCR_FOUR_CONCEALED_PUNGS, MCR_THREE_CONCEALED_PUNGS, MCR_TWO_CONCEALED_PUNGS, MCR_ALL_PUNGS,
    MCR_CONCEALED_HAND, MCR_FULLY_CONCEALED_HAND, END },
  { MCR_PURE_TERMINAL_CHOWS, MCR_FULL_FLUSH, MCR_NO_HONORS, MCR_ONE_VOIDED_SUIT,
    MCR_PURE_DOUBLE_CHOW, MCR_TWO_TERMINAL_CHOWS, MCR_ALL_CHOWS, END },
  { MCR_QUADRUPLE_CHOW, MCR_PURE_TRIPLE_CHOW, MCR_PURE_DOUBLE_CHOW, MCR_TILE_HOG, END },
  { MCR_FOUR_PURE_SHIFTED_PUNGS, MCR_PURE_SHIFTED_PUNGS, MCR_ALL_PUNGS, END },
  { MCR_FOUR_PURE_SHIFTED_CHOWS, MCR_PURE_SHIFTED_CHOWS, MCR_SHORT_STRAIGHT,
    MCR_TWO_TERMINAL_CHOWS, END },
  { MCR_THREE_KONGS, MCR_TWO_MELDED_KONGS, MCR_TWO_CONCEALED_KONGS, MCR_MELDED_KONG,
    MCR_CONCEALED_KONG, END },
  { MCR_ALL_TERMINALS_AND_HONORS, MCR_ALL_PUNGS, MCR_OUTSIDE_HAND,
    MCR_PUNG_OF_TERMINALS_OR_HONORS, END },
  { MCR_SEVEN_PAIRS, MCR_CONCEALED_HAND, MCR_FULLY_CONCEALED_HAND, MCR_SINGLE_WAIT, END },
  { MCR_GREATER_HONORS_AND_KNITTED, MCR_LESSER_HONORS_AND_KNITTED, MCR_ALL_TYPES,
    MCR_CONCEALED_HAND, MCR_FULLY_CONCEALED_HAND, MCR_SINGLE_WAIT, END },
  { MCR_ALL_EVEN_PUNGS, MCR_ALL_PUNGS, MCR_ALL_SIMPLES, MCR_NO_HONORS, END },
  { MCR_FULL_FLUSH, MCR_NO_HONORS, MCR_ONE_VOIDED_SUIT, END },
  { MCR_PURE_TRIPLE_CHOW, MCR_PURE_DOUBLE_CHOW, END },
  { MCR_UPPER_TILES, MCR_UPPER_FOUR, MCR_NO_HONORS, END },
  { MCR_MIDDLE_TILES, MCR_ALL_SIMPLES, MCR_NO_HONORS, END },
  { MCR_LOWER_TILES, MCR_LOWER_FOUR, MCR_NO_HONORS, END },
  { MCR_PURE_STRAIGHT, MCR_SHORT_STRAIGHT, MCR_TWO_TERMINAL_CHOWS, END },
  { MCR_THREE_SUITED_TERMINAL_CHOWS, MCR_ALL_CHOWS, MCR_NO_HONORS, MCR_MIXED_DOUBLE_CHOW,
    MCR_TWO_TERMINAL_CHOWS, END },
  { MCR_ALL_FIVES, MCR_ALL_SIMPLES, MCR_NO_HONORS, END },
  { MCR_TRIPLE_PUNG, MCR_DOUBLE_PUNG, END },
  { MCR_THREE_CONCEALED_PUNGS, MCR_TWO_CONCEALED_PUNGS, END },
  { MCR_LESSER_HONORS_AND_KNITTED, MCR_ALL_TYPES, MCR_CONCEALED_HAND, MCR_FULLY_CONCEALED_HAND,
    MCR_SINGLE_WAIT, END },
  { MCR_UPPER_FOUR, MCR_NO_HONORS, END },
  { MCR_LOWER_FOUR, MCR_NO_HONORS, END },
  { MCR_REVERSIBLE_TILES, MCR_ONE_VOIDED_SUIT, END },
  { MCR_MIXED_TRIPLE_CHOW, MCR_MIXED_DOUBLE_CHOW, END },
  { MCR_LAST_TILE_DRAW, MCR_SELF_DRAWN, END },
  { MCR_OUT_WITH_REPLACEMENT_TILE, MCR_SELF_DRAWN, END },
  { MCR_ROBBING_THE_KONG, MCR_LAST_TILE, END },
  { MCR_HALF_FLUSH, MCR_ONE_VOIDED_SUIT, END },
  { MCR_MELDED_HAND, MCR_SINGLE_WAIT, END },
  { MCR_TWO_CONCEALED_KONGS, MCR_CONCEALED_KONG, MCR_TWO_CONCEALED_PUNGS, END },
  { MCR_TWO_DRAGON_PUNGS, MCR_DRAGON_PUNG, END },
  { MCR_FULLY_CONCEALED_HAND, MCR_SELF_DRAWN, MCR_CONCEALED_HAND, END },
  { MCR_TWO_MELDED_KONGS, MCR_MELDED_KONG, END },
  { MCR_ALL_CHOWS, MCR_NO_HONORS, END },
  { MCR_ALL_SIMPLES, MCR_NO_HONORS, END },
};
#undef END

static void
ensure_tables (void)
{
  static gsize once = 0;

  if (g_once_init_enter (&once))
    {
      for (guint r = 1; r < G_N_ELEMENTS (exclusions); r++)
        g_assert (exclusions[r - 1][0] < exclusions[r][0]);
      g_once_init_leave (&once, 1);
    }
}

static void
apply_exclusions (guint8 *f)
{
  /* the rows are in table order */
  for (guint r = 0; r < G_N_ELEMENTS (exclusions); r++)
    if (f[exclusions[r][0]] != 0)
      {
        const guint8 *row = exclusions[r];

        for (guint k = 1; row[k] != MCR_N_FANS; k++)
          f[row[k]] = 0;
        /* Nine Gates implies one Pung of Terminals or Honors, not all of them */
        if (row[0] == MCR_NINE_GATES && f[MCR_PUNG_OF_TERMINALS_OR_HONORS] > 0)
          f[MCR_PUNG_OF_TERMINALS_OR_HONORS]--;
      }
}

static int
fan_value (const guint8 *f)
{
  int v = 0;

  for (guint i = 0; i < MCR_FLOWER_TILES; i++)
    v += f[i] * fan_info[i].points;
  return v;
}

/* ---- a hand being scored ------------------------------------------------- */

enum { SET_CHOW, SET_PUNG, SET_KONG };

typedef struct
{
  guint8 type;
  guint8 tile;
  guint8 claimed;     /* a declared set made with another player's tile */
  guint8 declared;    /* from the hand's melds */
} Set;

typedef struct
{
  const MahjongHand  *hand;
  const McrSituation *sit;
  guint8              all[MAHJONG_N_KINDS];
  guint               win;
  gboolean            self_drawn;
  Set                 fixed[4];
  guint               n_fixed;
  guint               n_claimed;      /* declared sets other than concealed kongs */
  guint8              common[MCR_N_FANS];  /* fans that do not depend on the split */
  int                 unique_wait;    /* -1 not known yet */
  guint8              best[MCR_N_FANS];
  int                 best_value;
  gboolean            found;
} Ctx;

static gboolean
is_unique_wait (Ctx *ctx)
{
  if (ctx->unique_wait < 0)
    {
      guint8 c[MAHJONG_N_KINDS];

      memcpy (c, ctx->hand->counts, sizeof c);
      c[ctx->win]--;
      /* the shape decides: a kind held four times still counts as waited on */
      ctx->unique_wait = mahjong_winning_tiles (c, ctx->hand->n_melds, NULL, 2, NULL) == 1;
    }
  return ctx->unique_wait;
}

static void
consider (Ctx          *ctx,
          guint8       *f)
{
  int v;

  apply_exclusions (f);
  v = fan_value (f);
  if (!ctx->found || v > ctx->best_value)
    {
      ctx->found = TRUE;
      ctx->best_value = v;
      memcpy (ctx->best, f, MCR_N_FANS);
    }
}

/* Fans that depend on the tiles only (every form). */
static void
tile_fans (Ctx    *ctx,
           guint8 *f)
{
  const guint8 *a = ctx->all;
  guint suits = 0;
  gboolean winds = FALSE, dragons = FALSE;
  gboolean green = TRUE, reversible = TRUE, simples = TRUE, upper = TRUE, middle = TRUE;
  gboolean lower = TRUE, upper4 = TRUE, lower4 = TRUE, terminals = TRUE, term_honor = TRUE;
  guint n_suits;

  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    {
      guint r;

      if (a[t] == 0)
        continue;
      if (t >= 27)
        {
          if (t < 31)
            winds = TRUE;
          else
            dragons = TRUE;
          simples = upper = middle = lower = upper4 = lower4 = terminals = FALSE;
          green &= t == MAHJONG_TILE_GREEN;
          reversible &= t == MAHJONG_TILE_WHITE;
          continue;
        }
      suits |= 1u << (t / 9);
      r = t % 9 + 1;
      simples &= r >= 2 && r <= 8;
      upper &= r >= 7;
      middle &= r >= 4 && r <= 6;
      lower &= r <= 3;
      upper4 &= r >= 6;
      lower4 &= r <= 4;
      terminals &= r == 1 || r == 9;
      term_honor &= r == 1 || r == 9;
      green &= t / 9 == 2 && (r == 2 || r == 3 || r == 4 || r == 6 || r == 8);
      if (t / 9 == 0)
        reversible = FALSE;
      else if (t / 9 == 1)
        reversible &= r != 6 && r != 7;
      else
        reversible &= r == 2 || r == 4 || r == 5 || r == 6 || r == 8 || r == 9;
    }
  n_suits = (suits & 1) + ((suits >> 1) & 1) + ((suits >> 2) & 1);

  f[MCR_ALL_GREEN] = green;
  f[MCR_REVERSIBLE_TILES] = reversible;
  f[MCR_FULL_FLUSH] = n_suits == 1 && !winds && !dragons;
  f[MCR_HALF_FLUSH] = n_suits == 1 && (winds || dragons);
  f[MCR_ALL_HONORS] = n_suits == 0;
  f[MCR_ONE_VOIDED_SUIT] = n_suits == 2;
  f[MCR_NO_HONORS] = !winds && !dragons;
  f[MCR_ALL_TYPES] = n_suits == 3 && winds && dragons;
  f[MCR_ALL_SIMPLES] = simples;
  f[MCR_UPPER_TILES] = upper;
  f[MCR_MIDDLE_TILES] = middle;
  f[MCR_LOWER_TILES] = lower;
  f[MCR_UPPER_FOUR] = upper4;
  f[MCR_LOWER_FOUR] = lower4;
  f[MCR_ALL_TERMINALS] = terminals;
  f[MCR_ALL_TERMINALS_AND_HONORS] = term_honor && n_suits > 0 && (winds || dragons);

  {
    guint hogs = 0;

    for (guint t = 0; t < MAHJONG_N_KINDS; t++)
      if (a[t] == 4)
        {
          gboolean kong = FALSE;

          for (guint i = 0; i < ctx->n_fixed; i++)
            kong |= ctx->fixed[i].type == SET_KONG && ctx->fixed[i].tile == t;
          hogs += !kong;
        }
    f[MCR_TILE_HOG] = (guint8) hogs;
  }

  f[MCR_SELF_DRAWN] = ctx->self_drawn;
  f[MCR_LAST_TILE] = (ctx->sit->flags & MCR_WIN_LAST_TILE) != 0;
  f[MCR_LAST_TILE_DRAW] = (ctx->sit->flags & MCR_WIN_LAST_TILE_DRAW) != 0;
  f[MCR_LAST_TILE_CLAIM] = (ctx->sit->flags & MCR_WIN_LAST_TILE_CLAIM) != 0;
  f[MCR_OUT_WITH_REPLACEMENT_TILE] = (ctx->sit->flags & MCR_WIN_KONG_REPLACEMENT) != 0;
  f[MCR_ROBBING_THE_KONG] = (ctx->sit->flags & MCR_WIN_ROBBING_KONG) != 0;
  f[MCR_CONCEALED_HAND] = ctx->n_claimed == 0 && !ctx->self_drawn;
  f[MCR_FULLY_CONCEALED_HAND] = ctx->n_claimed == 0 && ctx->self_drawn;
}

/* Kong and declared-set fans (regular and knitted-straight forms). */
static void
meld_fans (Ctx    *ctx,
           guint8 *f)
{
  guint km = 0, kc = 0;

  for (guint i = 0; i < ctx->n_fixed; i++)
    if (ctx->fixed[i].type == SET_KONG)
      {
        if (ctx->fixed[i].claimed)
          km++;
        else
          kc++;
      }
  f[MCR_FOUR_KONGS] = km + kc == 4;
  f[MCR_THREE_KONGS] = km + kc == 3;
  f[MCR_TWO_CONCEALED_KONGS] = kc == 2;
  f[MCR_TWO_MELDED_KONGS] = km == 2;
  f[MCR_CONCEALED_KONG] = kc == 1;
  f[MCR_MELDED_KONG] = km == 1;
  f[MCR_MELDED_HAND] = ctx->n_claimed == 4 && !ctx->self_drawn;
}

/* ---- set combinations ------------------------------------------------------ */

static guint8
chow2 (guint a,
       guint b)
{
  if (a / 9 == b / 9)
    {
      guint lo = MIN (a, b) % 9, hi = MAX (a, b) % 9;

      if (lo == hi)
        return MCR_PURE_DOUBLE_CHOW;
      if (hi - lo == 3)
        return MCR_SHORT_STRAIGHT;
      if (lo == 0 && hi == 6)
        return MCR_TWO_TERMINAL_CHOWS;
      return MCR_N_FANS;
    }
  return a % 9 == b % 9 ? MCR_MIXED_DOUBLE_CHOW : MCR_N_FANS;
}

static void
sort3 (guint *v)
{
  guint t;

  if (v[0] > v[1]) t = v[0], v[0] = v[1], v[1] = t;
  if (v[1] > v[2]) t = v[1], v[1] = v[2], v[2] = t;
  if (v[0] > v[1]) t = v[0], v[0] = v[1], v[1] = t;
}

static guint8
chow3 (guint a,
       guint b,
       guint c)
{
  guint t[3] = { a, b, c };
  guint r[3];

  sort3 (t);
  if (t[0] / 9 == t[2] / 9)
    {
      if (t[0] == t[2])
        return MCR_PURE_TRIPLE_CHOW;
      if (t[0] % 9 == 0 && t[1] == t[0] + 3 && t[2] == t[0] + 6)
        return MCR_PURE_STRAIGHT;
      if ((t[1] - t[0] == 1 || t[1] - t[0] == 2) && t[2] - t[1] == t[1] - t[0])
        return MCR_PURE_SHIFTED_CHOWS;
      return MCR_N_FANS;
    }
  if (t[0] / 9 == t[1] / 9 || t[1] / 9 == t[2] / 9)
    return MCR_N_FANS;
  r[0] = t[0] % 9, r[1] = t[1] % 9, r[2] = t[2] % 9;
  sort3 (r);
  if (r[0] == r[2])
    return MCR_MIXED_TRIPLE_CHOW;
  if (r[0] == 0 && r[1] == 3 && r[2] == 6)
    return MCR_MIXED_STRAIGHT;
  if (r[1] == r[0] + 1 && r[2] == r[1] + 1)
    return MCR_MIXED_SHIFTED_CHOWS;
  return MCR_N_FANS;
}

static guint8
pung2 (guint a,
       guint b)
{
  return a / 9 != b / 9 && a % 9 == b % 9 ? MCR_DOUBLE_PUNG : MCR_N_FANS;
}

static guint8
pung3 (guint a,
       guint b,
       guint c)
{
  guint t[3] = { a, b, c };
  guint r[3];

  sort3 (t);
  if (t[0] / 9 == t[2] / 9)
    return t[1] == t[0] + 1 && t[2] == t[1] + 1 ? MCR_PURE_SHIFTED_PUNGS : MCR_N_FANS;
  if (t[0] / 9 == t[1] / 9 || t[1] / 9 == t[2] / 9)
    return MCR_N_FANS;
  r[0] = t[0] % 9, r[1] = t[1] % 9, r[2] = t[2] % 9;
  sort3 (r);
  if (r[0] == r[2])
    return MCR_TRIPLE_PUNG;
  if (r[1] == r[0] + 1 && r[2] == r[1] + 1)
    return MCR_MIXED_SHIFTED_PUNGS;
  return MCR_N_FANS;
}

typedef guint8 (*Pair2Func) (guint a, guint b);
typedef guint8 (*Pair3Func) (guint a, guint b, guint c);

/* Pair fans among n sets under account-once and non-identical: the chosen pairs may
 * form no cycle (each new combination brings in a set not yet combined) and a set
 * is in at most one pair of each fan. Ties prefer fans earlier in the table. */
static void
pair_forest (const guint *t,
             guint        n,
             Pair2Func    pair2,
             guint8      *f)
{
  guint8 ea[6], eb[6], ef[6];
  guint ne = 0;
  guint best_mask = 0;
  int best_score = -1;

  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      {
        guint8 x = pair2 (t[i], t[j]);

        if (x != MCR_N_FANS)
          ea[ne] = (guint8) i, eb[ne] = (guint8) j, ef[ne] = x, ne++;
      }
  for (guint mask = 1; mask < (1u << ne); mask++)
    {
      guint8 comp[4] = { 0, 1, 2, 3 };
      guint64 used = 0;
      gboolean ok = TRUE;
      int score = 0;

      for (guint e = 0; e < ne && ok; e++)
        {
          guint8 ca, cb;
          guint64 ka, kb;

          if (!(mask & (1u << e)))
            continue;
          ca = comp[ea[e]], cb = comp[eb[e]];
          if (ca == cb)
            {
              ok = FALSE;
              break;
            }
          for (guint k = 0; k < 4; k++)
            if (comp[k] == cb)
              comp[k] = ca;
          ka = (guint64) 1 << ((ef[e] - MCR_DOUBLE_PUNG) * 4 + ea[e]);
          kb = (guint64) 1 << ((ef[e] - MCR_DOUBLE_PUNG) * 4 + eb[e]);
          if ((used & ka) || (used & kb))
            ok = FALSE;
          used |= ka | kb;
          score += 1000 - ef[e];
        }
      if (ok && score > best_score)
        best_score = score, best_mask = mask;
    }
  for (guint e = 0; e < ne; e++)
    if (best_mask & (1u << e))
      f[ef[e]]++;
}

/* Three-set fans with the fourth set combined once; else pair fans. */
static void
combinations (const guint *t,
              guint        n,
              Pair2Func    pair2,
              Pair3Func    pair3,
              guint8      *f)
{
  int best_value = -1;
  guint8 best3 = MCR_N_FANS, best2 = MCR_N_FANS;

  if (n >= 3)
    for (guint skip = 0; skip < (n == 4 ? 4u : 1u); skip++)
      {
        guint v[3], k = 0;
        guint8 x, y = MCR_N_FANS;
        int value;

        for (guint i = 0; i < n; i++)
          if (n == 3 || i != skip)
            v[k++] = t[i];
        x = pair3 (v[0], v[1], v[2]);
        if (x == MCR_N_FANS)
          continue;
        value = fan_info[x].points * 10;
        if (n == 4)
          for (guint i = 0; i < 3; i++)
            {
              guint8 z = pair2 (t[skip], v[i]);

              if (z != MCR_N_FANS && (y == MCR_N_FANS || z < y))
                y = z;
            }
        if (y != MCR_N_FANS)
          value += fan_info[y].points * 10 - 1;
        if (value > best_value)
          best_value = value, best3 = x, best2 = y;
      }
  if (best3 != MCR_N_FANS)
    {
      f[best3]++;
      if (best2 != MCR_N_FANS)
        f[best2]++;
      return;
    }
  if (n >= 2)
    pair_forest (t, n, pair2, f);
}

static void
chow_fans (const guint *c,
           guint        n,
           guint        pair,
           guint8      *f)
{
  if (n == 4)
    {
      guint t[4] = { c[0], c[1], c[2], c[3] };

      for (guint i = 1; i < 4; i++)
        for (guint j = i; j > 0 && t[j - 1] > t[j]; j--)
          {
            guint x = t[j];
            t[j] = t[j - 1], t[j - 1] = x;
          }
      if (t[0] / 9 == t[3] / 9)
        {
          guint d1 = t[1] - t[0], d2 = t[2] - t[1], d3 = t[3] - t[2];

          if (d1 == 0 && d2 == 0 && d3 == 0)
            {
              f[MCR_QUADRUPLE_CHOW] = 1;
              return;
            }
          if (d1 == d2 && d2 == d3 && (d1 == 1 || d1 == 2))
            {
              f[MCR_FOUR_PURE_SHIFTED_CHOWS] = 1;
              return;
            }
          if (t[0] % 9 == 0 && d1 == 0 && d2 == 6 && d3 == 0 && pair == t[0] + 4)
            {
              f[MCR_PURE_TERMINAL_CHOWS] = 1;
              return;
            }
        }
      else if (t[0] / 9 != t[2] / 9 && t[1] / 9 == t[0] / 9 && t[3] / 9 == t[2] / 9
               && t[0] % 9 == 0 && t[1] % 9 == 6 && t[2] % 9 == 0 && t[3] % 9 == 6
               && pair < 27 && pair % 9 == 4 && pair / 9 != t[0] / 9 && pair / 9 != t[2] / 9)
        {
          f[MCR_THREE_SUITED_TERMINAL_CHOWS] = 1;
          return;
        }
    }
  combinations (c, n, chow2, chow3, f);
}

static void
pung_fans (const guint *p,
           guint        n,
           guint8      *f)
{
  guint s[4];
  guint k = 0;

  for (guint i = 0; i < n; i++)
    if (p[i] < 27)
      s[k++] = p[i];
  if (k == 4)
    {
      guint t[4] = { s[0], s[1], s[2], s[3] };

      for (guint i = 1; i < 4; i++)
        for (guint j = i; j > 0 && t[j - 1] > t[j]; j--)
          {
            guint x = t[j];
            t[j] = t[j - 1], t[j - 1] = x;
          }
      if (t[0] / 9 == t[3] / 9 && t[1] == t[0] + 1 && t[2] == t[1] + 1 && t[3] == t[2] + 1)
        {
          f[MCR_FOUR_PURE_SHIFTED_PUNGS] = 1;
          return;
        }
    }
  combinations (s, k, pung2, pung3, f);
}

/* ---- the regular form -------------------------------------------------------- */

static gboolean
has_terminal_or_honor (const Set *s)
{
  if (s->type == SET_CHOW)
    return s->tile % 9 == 0 || s->tile % 9 == 6;
  return s->tile >= 27 || s->tile % 9 == 0 || s->tile % 9 == 8;
}

/* Honor sets, terminal pungs, concealed pungs and the wait: shared by the regular form
 * (4 sets) and the knitted straight form (1 set). sets[0..n_fixed) are declared. */
static void
set_fans (Ctx        *ctx,
          const Set  *sets,
          guint       n_sets,
          guint       pair,
          guint8     *f)
{
  guint winds = 0, dragons = 0, concealed = 0;
  guint prevalent = 27 + ctx->sit->prevalent_wind, seat = 27 + ctx->sit->seat_wind;
  gboolean win_in_chow = FALSE;
  gboolean edge = FALSE, closed = FALSE, single = FALSE;

  for (guint i = 0; i < n_sets; i++)
    if (sets[i].type != SET_CHOW)
      {
        winds += sets[i].tile >= 27 && sets[i].tile <= 30;
        dragons += sets[i].tile >= 31;
      }
  for (guint i = ctx->n_fixed; i < n_sets; i++)
    if (sets[i].type == SET_CHOW && ctx->win >= sets[i].tile && ctx->win <= sets[i].tile + 2u)
      {
        guint pos = ctx->win - sets[i].tile;

        win_in_chow = TRUE;
        if (pos == 1)
          closed = TRUE;
        else if ((pos == 2 && sets[i].tile % 9 == 0) || (pos == 0 && sets[i].tile % 9 == 6))
          edge = TRUE;
      }
  single = pair == ctx->win;

  for (guint i = 0; i < n_sets; i++)
    {
      const Set *s = &sets[i];

      if (s->type == SET_CHOW)
        continue;
      if (s->tile >= 27 && s->tile <= 30)
        {
          if (s->tile == prevalent)
            f[MCR_PREVALENT_WIND] = 1;
          if (s->tile == seat)
            f[MCR_SEAT_WIND] = 1;
          if (s->tile != prevalent && s->tile != seat && winds < 3)
            f[MCR_PUNG_OF_TERMINALS_OR_HONORS]++;
        }
      else if (s->tile >= 31)
        f[MCR_DRAGON_PUNG]++;
      else if (s->tile % 9 == 0 || s->tile % 9 == 8)
        f[MCR_PUNG_OF_TERMINALS_OR_HONORS]++;

      if (s->declared)
        concealed += !s->claimed;
      else
        concealed += ctx->self_drawn || s->tile != ctx->win || win_in_chow;
    }

  f[MCR_BIG_FOUR_WINDS] = winds == 4;
  f[MCR_LITTLE_FOUR_WINDS] = winds == 3 && pair >= 27 && pair <= 30;
  f[MCR_BIG_THREE_WINDS] = winds == 3;
  f[MCR_BIG_THREE_DRAGONS] = dragons == 3;
  f[MCR_LITTLE_THREE_DRAGONS] = dragons == 2 && pair >= 31 && pair < 34;
  f[MCR_TWO_DRAGON_PUNGS] = dragons == 2;
  f[MCR_FOUR_CONCEALED_PUNGS] = concealed == 4;
  f[MCR_THREE_CONCEALED_PUNGS] = concealed == 3;
  f[MCR_TWO_CONCEALED_PUNGS] = concealed == 2;

  if ((edge || closed || single) && is_unique_wait (ctx))
    {
      if (edge)
        f[MCR_EDGE_WAIT] = 1;
      else if (closed)
        f[MCR_CLOSED_WAIT] = 1;
      else
        f[MCR_SINGLE_WAIT] = 1;
    }
}

static void
score_regular_split (Ctx       *ctx,
                     const Set *sets,
                     guint      pair)
{
  guint8 f[MCR_N_FANS];
  guint chows[4], pungs[4];
  guint nc = 0, np = 0;
  gboolean outside = TRUE, fives = TRUE, even = TRUE;

  memcpy (f, ctx->common, sizeof f);
  meld_fans (ctx, f);

  for (guint i = 0; i < 4; i++)
    {
      const Set *s = &sets[i];

      if (s->type == SET_CHOW)
        {
          chows[nc++] = s->tile;
          fives &= s->tile < 27 && s->tile % 9 >= 2 && s->tile % 9 <= 4;
          even = FALSE;
        }
      else
        {
          pungs[np++] = s->tile;
          fives &= s->tile < 27 && s->tile % 9 == 4;
          even &= s->tile < 27 && (s->tile % 9) % 2 == 1;
        }
      outside &= has_terminal_or_honor (s);
    }
  even &= pair < 27 && (pair % 9) % 2 == 1;
  outside &= pair >= 27 || pair % 9 == 0 || pair % 9 == 8;
  fives &= pair < 27 && pair % 9 == 4;

  f[MCR_ALL_PUNGS] = np == 4;
  f[MCR_ALL_CHOWS] = nc == 4 && pair < 27;
  f[MCR_OUTSIDE_HAND] = outside;
  f[MCR_ALL_FIVES] = fives;
  f[MCR_ALL_EVEN_PUNGS] = np == 4 && even;

  chow_fans (chows, nc, pair, f);
  pung_fans (pungs, np, f);
  set_fans (ctx, sets, 4, pair, f);

  /* Nine Gates: the 13 tiles before the win were 1112345678999 of one suit */
  if (ctx->hand->n_melds == 0 && f[MCR_FULL_FLUSH])
    {
      guint base = ctx->win / 9 * 9;
      static const guint8 gates[9] = { 3, 1, 1, 1, 1, 1, 1, 1, 3 };
      gboolean ok = TRUE;

      for (guint r = 0; r < 9 && ok; r++)
        ok = ctx->hand->counts[base + r] - (base + r == ctx->win) == gates[r];
      f[MCR_NINE_GATES] = ok;
    }
  consider (ctx, f);
}

typedef struct
{
  Ctx *ctx;
  guint knitted;   /* 0 regular, else the knitted straight form */
} SplitData;

static void score_knitted_split (Ctx *ctx, const Set *sets, guint n_sets, guint pair);

static gboolean
on_split (const MahjongGroup *groups,
          guint               n_groups,
          gpointer            user_data)
{
  SplitData *d = user_data;
  Ctx *ctx = d->ctx;
  Set sets[4];
  guint n = ctx->n_fixed;
  guint pair = MAHJONG_NO_TILE;

  memcpy (sets, ctx->fixed, sizeof (Set) * n);
  for (guint i = 0; i < n_groups; i++)
    {
      if (groups[i].type == MAHJONG_GROUP_PAIR)
        pair = groups[i].tile;
      else
        sets[n++] = (Set) { groups[i].type == MAHJONG_GROUP_CHOW ? SET_CHOW : SET_PUNG,
                            groups[i].tile, FALSE, FALSE };
    }
  if (d->knitted)
    score_knitted_split (ctx, sets, n, pair);
  else
    score_regular_split (ctx, sets, pair);
  return TRUE;
}

/* ---- the other forms ------------------------------------------------------------- */

static void
score_knitted_split (Ctx       *ctx,
                     const Set *sets,
                     guint      n_sets,
                     guint      pair)
{
  guint8 f[MCR_N_FANS];

  memcpy (f, ctx->common, sizeof f);
  meld_fans (ctx, f);
  f[MCR_KNITTED_STRAIGHT] = 1;
  f[MCR_ALL_CHOWS] = sets[0].type == SET_CHOW && pair < 27;
  /* the wait fans count by the winning tile's place in the split, as in any form */
  set_fans (ctx, sets, n_sets, pair, f);
  consider (ctx, f);
}

static void
score_special (Ctx *ctx)
{
  const guint8 *c = ctx->hand->counts;
  guint8 f[MCR_N_FANS];

  guint odd = 0, multi = 0;

  if (ctx->hand->n_melds > 0)
    return;
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    {
      odd += c[t] & 1;
      multi += c[t] > 1;
    }

  if (odd == 0 && mahjong_shanten_form (c, 0, MAHJONG_FORM_SEVEN_PAIRS) == -1)
    {
      gboolean shifted = FALSE;

      memcpy (f, ctx->common, sizeof f);
      for (guint s = 0; s < 3 && !shifted; s++)
        for (guint r = 0; r + 7 <= 9 && !shifted; r++)
          {
            gboolean ok = TRUE;

            for (guint k = 0; k < 7 && ok; k++)
              ok = c[s * 9 + r + k] == 2;
            shifted = ok;
          }
      f[MCR_SEVEN_SHIFTED_PAIRS] = shifted;
      f[MCR_SEVEN_PAIRS] = 1;
      consider (ctx, f);
    }
  if (multi == 1 && mahjong_shanten_form (c, 0, MAHJONG_FORM_THIRTEEN_ORPHANS) == -1)
    {
      memcpy (f, ctx->common, sizeof f);
      f[MCR_THIRTEEN_ORPHANS] = 1;
      consider (ctx, f);
    }
  if (multi == 0 && mahjong_shanten_form (c, 0, MAHJONG_FORM_HONORS_KNITTED) == -1)
    {
      guint honors = 0;

      memcpy (f, ctx->common, sizeof f);
      for (guint t = 27; t < 34; t++)
        honors += c[t] > 0;
      f[MCR_GREATER_HONORS_AND_KNITTED] = honors == 7;
      f[MCR_LESSER_HONORS_AND_KNITTED] = 1;
      for (guint p = 0; p < 6; p++)
        {
          guint8 kt[9];
          guint have = 0;

          mahjong_knitted_tiles (p, kt);
          for (guint k = 0; k < 9; k++)
            have += c[kt[k]] > 0;
          if (have == 9)
            f[MCR_KNITTED_STRAIGHT] = 1;
        }
      consider (ctx, f);
    }
}

static gboolean
check_situation (const MahjongHand  *hand,
                 const McrSituation *sit,
                 const guint8       *all,
                 GError            **error)
{
  McrWinFlags fl = sit->flags;
  gboolean self = (fl & MCR_WIN_SELF_DRAWN) != 0;
  gboolean kongs = FALSE;

  for (guint i = 0; i < hand->n_melds; i++)
    kongs |= hand->melds[i].type == MAHJONG_MELD_KONG;

  if (sit->prevalent_wind > 3 || sit->seat_wind > 3)
    {
      g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_BAD_FLAGS,
                   _("Winds are East, South, West or North"));
      return FALSE;
    }
  if (sit->flowers > 8)
    {
      g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_BAD_FLAGS,
                   _("There are only 8 flowers, not %u"), sit->flowers);
      return FALSE;
    }
  if ((fl & MCR_WIN_KONG_REPLACEMENT) && (!self || !kongs))
    {
      g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_BAD_FLAGS,
                   _("A win on a kong replacement tile is self-drawn and needs a declared kong"));
      return FALSE;
    }
  if ((fl & MCR_WIN_LAST_TILE_DRAW) && !self)
    {
      g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_BAD_FLAGS,
                   _("Last Tile Draw needs a self-drawn win"));
      return FALSE;
    }
  if ((fl & MCR_WIN_LAST_TILE_CLAIM) && self)
    {
      g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_BAD_FLAGS,
                   _("Last Tile Claim needs a win on a discard"));
      return FALSE;
    }
  if (fl & MCR_WIN_ROBBING_KONG)
    {
      if (self || (fl & MCR_WIN_LAST_TILE_CLAIM))
        {
          g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_BAD_FLAGS,
                       _("Robbing the Kong is a win on the tile added to a kong, not a draw or the last discard"));
          return FALSE;
        }
      if (all[hand->last_tile] > 1)
        {
          g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_BAD_FLAGS,
                       _("A robbed kong tile cannot be in the hand twice: the other three are in the kong"));
          return FALSE;
        }
    }
  if ((fl & MCR_WIN_LAST_TILE) && hand->counts[hand->last_tile] > 1)
    {
      g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_BAD_FLAGS,
                   _("Last Tile needs the other three copies of the winning tile to be visible, but the hand hides one"));
      return FALSE;
    }
  return TRUE;
}

gboolean
mcr_score (const MahjongHand  *hand,
           const McrSituation *situation,
           McrResult          *result,
           GError            **error)
{
  Ctx ctx;
  SplitData sd;

  g_return_val_if_fail (hand != NULL, FALSE);
  g_return_val_if_fail (situation != NULL, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  ensure_tables ();
  memset (result, 0, sizeof *result);

  if (mahjong_hand_size (hand) != 14 || hand->last_tile >= MAHJONG_N_KINDS
      || hand->counts[hand->last_tile] == 0)
    {
      g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_TILE_COUNT,
                   _("A winning hand has 14 tiles (a kong counts as 3), this one has %u"),
                   mahjong_hand_size (hand));
      return FALSE;
    }

  ctx.hand = hand;
  ctx.sit = situation;
  if (hand->n_melds > 4)
    {
      g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_TILE_COUNT,
                   _("A hand has at most 4 declared sets"));
      return FALSE;
    }
  for (guint i = 0; i < hand->n_melds; i++)
    if (!mahjong_meld_is_valid (&hand->melds[i]))
      {
        g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_BAD_MELD,
                     _("A declared set is not a chow, pung or kong"));
        return FALSE;
      }
  mahjong_hand_all_counts (hand, ctx.all);
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    if (ctx.all[t] > 4)
      {
        char buf[3];

        g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_TOO_MANY_COPIES,
                     _("There are only 4 of each tile, but the hand has %u × %s"),
                     ctx.all[t], mahjong_tile_to_string (t, buf));
        return FALSE;
      }
  if (!check_situation (hand, situation, ctx.all, error))
    return FALSE;

  ctx.win = hand->last_tile;
  ctx.self_drawn = (situation->flags & MCR_WIN_SELF_DRAWN) != 0;
  ctx.n_fixed = hand->n_melds;
  ctx.n_claimed = 0;
  for (guint i = 0; i < hand->n_melds; i++)
    {
      const MahjongMeld *m = &hand->melds[i];

      ctx.fixed[i].type = m->type == MAHJONG_MELD_CHOW ? SET_CHOW
                          : m->type == MAHJONG_MELD_PUNG ? SET_PUNG : SET_KONG;
      ctx.fixed[i].tile = m->tile;
      ctx.fixed[i].claimed = m->source != MAHJONG_MELD_CONCEALED;
      ctx.fixed[i].declared = TRUE;
      ctx.n_claimed += ctx.fixed[i].claimed;
    }
  ctx.unique_wait = -1;
  ctx.found = FALSE;
  ctx.best_value = 0;
  memset (ctx.common, 0, sizeof ctx.common);
  tile_fans (&ctx, ctx.common);

  sd.ctx = &ctx;
  sd.knitted = 0;
  mahjong_split_enumerate (hand->counts, &mahjong_rules_mcr, 4 - hand->n_melds, on_split, &sd);

  if (hand->n_melds <= 1)
    for (guint p = 0; p < 6; p++)
      {
        guint8 kt[9];
        guint8 rest[MAHJONG_N_KINDS];
        gboolean ok = TRUE;

        mahjong_knitted_tiles (p, kt);
        for (guint k = 0; k < 9 && ok; k++)
          ok = hand->counts[kt[k]] > 0;
        if (!ok)
          continue;
        memcpy (rest, hand->counts, sizeof rest);
        for (guint k = 0; k < 9; k++)
          rest[kt[k]]--;
        sd.knitted = 1;
        mahjong_split_enumerate (rest, &mahjong_rules_mcr, 1 - hand->n_melds, on_split, &sd);
      }
  score_special (&ctx);

  if (!ctx.found)
    {
      g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_NOT_WINNING,
                   _("These 14 tiles are not a winning hand"));
      return FALSE;
    }

  memcpy (result->counts, ctx.best, sizeof result->counts);
  if (ctx.best_value == 0)
    {
      result->counts[MCR_CHICKEN_HAND] = 1;
      ctx.best_value = 8;
    }
  result->counts[MCR_FLOWER_TILES] = situation->flowers;
  result->total_without_flowers = ctx.best_value;
  result->total = ctx.best_value + situation->flowers;
  return TRUE;
}

char *
mcr_result_to_string (const McrResult *result)
{
  GString *s;

  g_return_val_if_fail (result != NULL, NULL);

  s = g_string_new (NULL);
  for (guint i = 0; i < MCR_N_FANS; i++)
    if (result->counts[i] > 0)
      g_string_append_printf (s, "%s%s x%u", s->len > 0 ? ";" : "", fan_info[i].name,
                              result->counts[i]);
  return g_string_free (s, FALSE);
}

gboolean
mcr_flags_parse (const char  *text,
                 McrWinFlags *flags,
                 GError     **error)
{
  static const struct { const char *name; McrWinFlags flag; } names[] = {
    { "self_drawn", MCR_WIN_SELF_DRAWN },
    { "discard", 0 },
    { "last_tile", MCR_WIN_LAST_TILE },
    { "kong_replacement", MCR_WIN_KONG_REPLACEMENT },
    { "robbing_kong", MCR_WIN_ROBBING_KONG },
    { "last_tile_draw", MCR_WIN_LAST_TILE_DRAW },
    { "last_tile_claim", MCR_WIN_LAST_TILE_CLAIM },
  };
  g_auto(GStrv) words = NULL;
  guint how = 0;
  McrWinFlags fl = 0;

  g_return_val_if_fail (text != NULL && flags != NULL, FALSE);

  words = g_strsplit (text, ",", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      gboolean known = FALSE;

      for (guint k = 0; k < G_N_ELEMENTS (names) && !known; k++)
        if (g_str_equal (words[i], names[k].name))
          {
            known = TRUE;
            if (k < 2)
              how++;
            if (fl & names[k].flag)
              known = FALSE;
            fl |= names[k].flag;
          }
      if (!known)
        {
          g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_BAD_FLAGS,
                       _("Unknown or repeated win flag “%s”"), words[i]);
          return FALSE;
        }
    }
  if (how != 1)
    {
      g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_BAD_FLAGS,
                   _("Say exactly one of self_drawn or discard"));
      return FALSE;
    }
  *flags = fl;
  return TRUE;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-suzume"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "parlor-game.h"
#include "parlor-line.h"
#include "parlor-rng.h"
#include "suzume-ai.h"
#include "suzume-game.h"
#include "suzume-view.h"

/*
 * Every complete hand is one of a few hundred "targets": two sets of three, with
 * each red copy told apart. The computer players measure a hand against all of
 * them: how many live tiles it lacks, how likely the draws bring them, and
 * what the finished hand would score with this hand's dora.
 */

typedef struct
{
  guint8 types[SUZUME_N_TYPES];
  guint8 points[SUZUME_N_KINDS];   /* total with an indicator of each kind */
} Target;

static Target     *targets;
static guint       n_targets;
static GHashTable *target_index;   /* packed types → index + 1 */

/* Tuned by self-play against the greedy player (docs/rules/suzume-jong.md). */
#define STRONG_DEPTH     1      /* draws looked at one by one before the ready-hand leaf */
#define SURVIVAL_PER_SEAT 0.93  /* chance one other seat does not win in a round */
#define RON_SHARE        0.5    /* discards per other seat per round that could feed a ron */
#define DANGER_WEIGHT    2.0
#define WIN_WORTH        10.0   /* a win counts this much beside its points: speed first */

static guint64
pack (const guint8 types[SUZUME_N_TYPES])
{
  guint64 key = 0;

  for (guint t = 0; t < SUZUME_N_TYPES; t++)
    key = (key << 3) | types[t];
  return key;
}

/* Packed hands differ in a few high bits that g_int64_hash folds together. */
static guint
packed_hash (gconstpointer key)
{
  guint64 x = *(const guint64 *) key;

  x ^= x >> 33;
  x *= G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
  x ^= x >> 33;
  return (guint) x;
}

static void
add_variants (GArray       *out,
              const guint8  kinds[SUZUME_N_KINDS],
              guint         kind,
              Target       *partial)
{
  if (kind == SUZUME_N_KINDS)
    {
      g_array_append_val (out, *partial);
      return;
    }
  if (kinds[kind] == 0)
    {
      add_variants (out, kinds, kind + 1, partial);
      return;
    }
  if (kind == SUZUME_KIND_F || kind == SUZUME_KIND_C)
    {
      partial->types[kind == SUZUME_KIND_F ? SUZUME_TYPE_F : SUZUME_TYPE_C] = kinds[kind];
      add_variants (out, kinds, kind + 1, partial);
      partial->types[kind == SUZUME_KIND_F ? SUZUME_TYPE_F : SUZUME_TYPE_C] = 0;
      return;
    }
  for (guint red = 0; red <= 1; red++)
    {
      if (red > kinds[kind] || kinds[kind] - red > 3)
        continue;
      partial->types[kind] = kinds[kind] - red;
      partial->types[kind + 9] = red;
      add_variants (out, kinds, kind + 1, partial);
    }
  partial->types[kind] = partial->types[kind + 9] = 0;
}

static gpointer
build_targets (gpointer data)
{
  GArray *out = g_array_new (FALSE, TRUE, sizeof (Target));
  guint8 sets[18][SUZUME_N_KINDS] = { { 0 } };

  for (guint r = 0; r < 7; r++)
    sets[r][r] = sets[r][r + 1] = sets[r][r + 2] = 1;
  for (guint k = 0; k < SUZUME_N_KINDS; k++)
    sets[7 + k][k] = 3;
  for (guint i = 0; i < 18; i++)
    for (guint j = i; j < 18; j++)
      {
        guint8 kinds[SUZUME_N_KINDS];
        gboolean ok = TRUE;
        Target partial = { { 0 }, { 0 } };

        for (guint k = 0; k < SUZUME_N_KINDS; k++)
          {
            kinds[k] = sets[i][k] + sets[j][k];
            ok = ok && kinds[k] <= 4;
          }
        if (ok)
          add_variants (out, kinds, 0, &partial);
      }

  target_index = g_hash_table_new_full (packed_hash, g_int64_equal, g_free, NULL);
  for (guint i = 0; i < out->len; i++)
    {
      Target *t = &g_array_index (out, Target, i);
      gint64 *key = g_new (gint64, 1);

      for (guint k = 0; k < SUZUME_N_KINDS; k++)
        {
          SuzumeScore score;

          suzume_score_types (t->types, suzume_kind_tile (k), &score);
          g_assert (score.shape);
          t->points[k] = (guint8) score.total;
        }
      *key = (gint64) pack (t->types);
      g_hash_table_insert (target_index, key, GUINT_TO_POINTER (i + 1));
    }
  n_targets = out->len;
  targets = (Target *) (gpointer) g_array_free (out, FALSE);
  return NULL;
}

static void
ensure_targets (void)
{
  static GOnce once = G_ONCE_INIT;

  g_once (&once, build_targets, NULL);
}

/* The winning target of six tiles, or NULL. */
static const Target *
complete_target (const guint8 types[SUZUME_N_TYPES])
{
  gint64 key = (gint64) pack (types);
  guint index = GPOINTER_TO_UINT (g_hash_table_lookup (target_index, &key));

  return index > 0 ? &targets[index - 1] : NULL;
}

guint
suzume_ai_tiles_needed (const guint8 types[SUZUME_N_TYPES],
                        const guint8 unseen[SUZUME_N_TYPES],
                        MahjongTile  indicator,
                        int          min_points)
{
  guint kind = suzume_tile_kind (indicator);
  guint best = 99;

  ensure_targets ();
  for (guint i = 0; i < n_targets; i++)
    {
      const Target *t = &targets[i];
      guint need = 0;
      gboolean ok = kind < SUZUME_N_KINDS ? t->points[kind] >= min_points : min_points <= 0;

      for (guint k = 0; ok && k < SUZUME_N_TYPES; k++)
        if (t->types[k] > types[k])
          {
            guint n = t->types[k] - types[k];

            need += n;
            ok = n <= unseen[k];
          }
      if (ok)
        best = MIN (best, need);
    }
  return best;
}

/* ---- the position as an AI sees it ---- */

typedef struct
{
  SuzumeView view;
  guint8     unseen[SUZUME_N_TYPES];
  guint      n_unseen;
  guint      dora_kind;
  int        bonus;          /* the dealer's +2 */
  guint16    banned;         /* kinds this seat cannot ron */
  guint      draws_left;     /* own draws still to come after this turn */
  double     ron_rate;
  double     survival;       /* chance no other seat wins in one round */
  double     danger_scale;
  double     utility[64];    /* what a win of so many points (dealer bonus in) is worth */
  double     danger[SUZUME_N_KINDS];
  GHashTable *leaf_cache;
} Ctx;

/* A review judges by two players: the strong one, and one that counts
 * every win as one. */
typedef struct
{
  Ctx ctx;
  Ctx chance_ctx;
} Review;

static void
ctx_init (Ctx *ctx)
{
  const SuzumeView *v = &ctx->view;
  guint me = (guint) v->seat;

  suzume_view_unseen (v, ctx->unseen);
  ctx->n_unseen = 0;
  for (guint t = 0; t < SUZUME_N_TYPES; t++)
    ctx->n_unseen += ctx->unseen[t];
  ctx->dora_kind = v->dora != MAHJONG_NO_TILE ? suzume_tile_kind (v->dora) : SUZUME_N_KINDS;
  ctx->bonus = v->dealer == me ? SUZUME_DEALER_BONUS : 0;
  ctx->banned = 0;
  for (guint i = 0; i < v->n_discards[me]; i++)
    ctx->banned |= 1u << suzume_tile_kind (v->discards[me][i]);
  ctx->draws_left = v->wall / v->n_seats;
  /* a share of the others' discards that could be the tile a ready hand waits on */
  ctx->ron_rate = RON_SHARE * (v->n_seats - 1);
  ctx->survival = pow (SURVIVAL_PER_SEAT, v->n_seats - 1);

  /* in the last hand only first place counts: a win is worth what it does to the ranking */
  ctx->danger_scale = 1.0;
  for (guint p = 0; p < G_N_ELEMENTS (ctx->utility); p++)
    ctx->utility[p] = WIN_WORTH + p;
  if (v->hand_number == v->n_hands)
    {
      int my = v->scores[me], top = 0;

      for (guint o = 0; o < v->n_seats; o++)
        if (o != me)
          top = MAX (top, v->scores[o]);
      ctx->danger_scale = my > top ? 3.0 : 0.5;
      for (guint p = 0; p < G_N_ELEMENTS (ctx->utility); p++)
        {
          int share = ((int) p + (int) v->n_seats - 2) / ((int) v->n_seats - 1);
          int gain = 0, others = 0;

          for (guint o = 0; o < v->n_seats; o++)
            if (o != me)
              {
                gain += MIN (share, v->scores[o]);
                others = MAX (others, v->scores[o] - MIN (share, v->scores[o]));
              }
          ctx->utility[p] = my + gain > others ? 10.0 + 0.1 * p : 0.1 * p;
        }
    }

  /* how much each kind risks a ron, in expected points */
  for (guint kind = 0; kind < SUZUME_N_KINDS; kind++)
    {
      guint left = 0;
      double shapes;

      for (guint t = 0; t < SUZUME_N_TYPES; t++)
        if (suzume_tile_kind (suzume_type_tile (t)) == kind)
          left += ctx->unseen[t];
      if (kind >= SUZUME_KIND_F)
        shapes = left >= 2 ? 0.05 * left : 0.0;
      else
        {
          guint runs = 0;

          for (int r = (int) kind - 2; r <= (int) kind; r++)
            runs += r >= 0 && r <= 6;
          shapes = 0.04 * runs + (left >= 2 ? 0.04 : 0.0);
        }
      ctx->danger[kind] = 0.0;
      for (guint o = 0; o < v->n_seats; o++)
        {
          gboolean banned = FALSE;
          double ready;

          if (o == me)
            continue;
          for (guint i = 0; i < v->n_discards[o]; i++)
            banned = banned || suzume_tile_kind (v->discards[o][i]) == kind;
          if (banned)
            continue;
          ready = MIN (0.6, 0.06 * v->n_discards[o]);
          ctx->danger[kind] += ready * shapes * (8.0 + (o == v->dealer ? 2.0 : 0.0));
        }
    }
}

static gboolean
is_win (const Ctx    *ctx,
        const guint8  types[SUZUME_N_TYPES],
        int          *points)
{
  const Target *t = complete_target (types);

  if (t == NULL || ctx->dora_kind >= SUZUME_N_KINDS)
    return FALSE;
  *points = t->points[ctx->dora_kind];
  return *points >= SUZUME_MIN_POINTS;
}

/*
 * A hand of five that one tile completes: the chance, round after round, that the
 * tile comes by draw or by another seat's discard (not a banned kind), before
 * someone else wins (survival per round), over the @rounds draws left.
 */
static double
ready_value (Ctx          *ctx,
             const guint8  five[SUZUME_N_TYPES],
             guint         rounds)
{
  guint8 six[SUZUME_N_TYPES];
  double a = 0.0, a_ron = 0.0, points = 0.0, U = ctx->n_unseen, q, keep, geo;

  if (rounds == 0 || ctx->n_unseen == 0)
    return 0.0;
  memcpy (six, five, sizeof six);
  for (guint t = 0; t < SUZUME_N_TYPES; t++)
    {
      int p;

      if (ctx->unseen[t] == 0)
        continue;
      six[t]++;
      if (is_win (ctx, six, &p))
        {
          a += ctx->unseen[t];
          points += ctx->unseen[t] * ctx->utility[MIN (p + ctx->bonus, 63)];
          if (!(ctx->banned & (1u << suzume_tile_kind (suzume_type_tile (t)))))
            a_ron += ctx->unseen[t];
        }
      six[t]--;
    }
  if (a == 0.0)
    return 0.0;
  q = 1.0 - (1.0 - a / U) * pow (1.0 - a_ron / U, ctx->ron_rate);
  keep = ctx->survival * (1.0 - q);
  geo = (1.0 - pow (keep, rounds)) / (1.0 - keep);
  return points / a * ctx->survival * q * geo;
}

/*
 * The strong player's value of five tiles with @depth draws looked at one by one
 * and @rounds draws left in the hand: the expected points it wins, each draw
 * weighted by the live copies, the best discard after each, the ready hands'
 * value as the leaf.
 */
static double
five_value (Ctx          *ctx,
            const guint8  five[SUZUME_N_TYPES],
            guint         depth,
            guint         rounds)
{
  gint64 key = (gint64) ((pack (five) << 3) | depth);
  guint8 six[SUZUME_N_TYPES];
  gpointer cached;
  double value = 0.0, ron = 0.0, ron_points = 0.0;

  if (g_hash_table_lookup_extended (ctx->leaf_cache, &key, NULL, &cached))
    {
      memcpy (&value, &cached, sizeof value);
      return value;
    }
  if (depth == 0 || rounds <= 1)
    {
      value = ready_value (ctx, five, rounds);
      goto store;
    }

  memcpy (six, five, sizeof six);
  for (guint t = 0; t < SUZUME_N_TYPES; t++)
    {
      double best = 0.0;
      int p;

      if (ctx->unseen[t] == 0)
        continue;
      six[t]++;
      if (is_win (ctx, six, &p))
        {
          best = ctx->utility[MIN (p + ctx->bonus, 63)];
          if (!(ctx->banned & (1u << suzume_tile_kind (suzume_type_tile (t)))))
            {
              ron += ctx->unseen[t];
              ron_points += ctx->unseen[t] * ctx->utility[MIN (p + ctx->bonus, 63)];
            }
        }
      else
        for (guint d = 0; d < SUZUME_N_TYPES; d++)
          if (six[d] > 0)
            {
              double v;

              six[d]--;
              v = five_value (ctx, six, depth - 1, rounds - 1);
              six[d]++;
              best = MAX (best, v);
            }
      six[t]--;
      value += ctx->unseen[t] * best;
    }
  value /= ctx->n_unseen;
  /* the others discard before the next draw: a ready hand may ron one of those */
  if (ron > 0.0)
    {
      double r = 1.0 - pow (1.0 - ron / ctx->n_unseen, ctx->ron_rate);

      value = r * ron_points / ron + (1.0 - r) * value;
    }
  value *= ctx->survival;

store:
  {
    gint64 *stored = g_new (gint64, 1);
    gpointer v;

    *stored = key;
    memcpy (&v, &value, sizeof v);
    g_hash_table_insert (ctx->leaf_cache, stored, v);
  }
  return value;
}

/* ---- the levels ---- */

static void
hand_types (const SuzumeView *v,
            guint8            types[SUZUME_N_TYPES])
{
  memset (types, 0, SUZUME_N_TYPES);
  for (guint i = 0; i < v->hand_len; i++)
    types[suzume_tile_type (v->hand[i])]++;
}

static char *
discard_line (guint type)
{
  char buf[3];

  return g_strconcat ("discard ", suzume_tile_to_string (suzume_type_tile (type), buf), NULL);
}

static char *
choose_random (Ctx       *ctx,
               ParlorRng *rng)
{
  guint8 types[SUZUME_N_TYPES];
  guint options[SUZUME_N_TYPES + 1], n = 0;
  int points;

  if (ctx->view.ask == SUZUME_ASK_RON)
    return g_strdup (parlor_rng_below (rng, 2) ? "ron" : "pass");
  hand_types (&ctx->view, types);
  if (is_win (ctx, types, &points))
    options[n++] = SUZUME_N_TYPES;
  for (guint t = 0; t < SUZUME_N_TYPES; t++)
    if (types[t] > 0)
      options[n++] = t;
  n = options[parlor_rng_below (rng, n)];
  return n == SUZUME_N_TYPES ? g_strdup ("tsumo") : discard_line (n);
}

/* Tiles five tiles lack for a complete hand of @min_points or more (any shape
 * when none is in reach), and how many live tiles bring it closer. */
static void
greedy_measure (const Ctx    *ctx,
                const guint8  five[SUZUME_N_TYPES],
                int           min_points,
                guint        *need_out,
                guint        *live_out)
{
  guint need = 99, live = 0;
  guint32 useful = 0;

  for (int min = min_points; min >= 0 && need == 99; min -= SUZUME_MIN_POINTS)
    for (guint i = 0; i < n_targets; i++)
      {
        const Target *t = &targets[i];
        guint n = 0;
        gboolean ok = t->points[ctx->dora_kind < SUZUME_N_KINDS ? ctx->dora_kind : 0] >= min;
        guint32 mask = 0;

        for (guint j = 0; ok && j < SUZUME_N_TYPES; j++)
          if (t->types[j] > five[j])
            {
              n += t->types[j] - five[j];
              ok = t->types[j] - five[j] <= ctx->unseen[j] && n <= need;
              mask |= 1u << j;
            }
        if (!ok)
          continue;
        if (n < need)
          {
            need = n;
            useful = 0;
          }
        useful |= mask;
      }
  for (guint j = 0; j < SUZUME_N_TYPES; j++)
    if (useful & (1u << j))
      live += ctx->unseen[j];
  *need_out = need;
  *live_out = live;
}

static char *
choose_normal (Ctx       *ctx,
               ParlorRng *rng)
{
  guint8 types[SUZUME_N_TYPES];
  guint best_need = 100, best_live = 0, n_best = 0;
  int best = -1;

  hand_types (&ctx->view, types);
  for (guint d = 0; d < SUZUME_N_TYPES; d++)
    {
      guint need, live;

      if (types[d] == 0)
        continue;
      types[d]--;
      /* the rules' greedy-shanten player: tiles to a ready shape, whatever it scores */
      greedy_measure (ctx, types, 0, &need, &live);
      types[d]++;
      if (need < best_need || (need == best_need && live > best_live))
        {
          best_need = need;
          best_live = live;
          best = (int) d;
          n_best = 1;
        }
      else if (need == best_need && live == best_live && parlor_rng_below (rng, ++n_best) == 0)
        best = (int) d;
    }
  return discard_line ((guint) best);
}

/* Whether @me is first (alone or tied) after a win of @p (dealer bonus in) paid
 * by @from, or by every other seat when @from is -1 (tsumo). */
static gboolean
first_after (const SuzumeView *v,
             guint             me,
             int               p,
             int               from)
{
  int sc[SUZUME_MAX_SEATS];
  int share = (p + (int) v->n_seats - 2) / ((int) v->n_seats - 1);

  memcpy (sc, v->scores, sizeof sc);
  for (guint o = 0; o < v->n_seats; o++)
    if (o != me && (from < 0 || (guint) from == o))
      {
        int paid = MIN (from < 0 ? share : p, sc[o]);

        sc[o] -= paid;
        sc[me] += paid;
      }
  for (guint o = 0; o < v->n_seats; o++)
    if (sc[o] > sc[me])
      return FALSE;
  return TRUE;
}

/*
 * The last-hand rule: a win of @p paid by @from (-1 tsumo) that leaves the seat
 * out of first place is not taken while tiles are left to draw and one tile more
 * on the five tiles @five still wins with first place (a tsumo, or a ron from a
 * seat that pays enough and whose kind the seat may ron).
 */
static gboolean
better_win_ahead (const Ctx    *ctx,
                  const guint8  five[SUZUME_N_TYPES],
                  int           p,
                  int           from)
{
  const SuzumeView *v = &ctx->view;
  guint me = (guint) v->seat;
  guint8 six[SUZUME_N_TYPES];

  if (v->hand_number != v->n_hands || v->wall == 0 || first_after (v, me, p + ctx->bonus, from))
    return FALSE;
  memcpy (six, five, sizeof six);
  for (guint t = 0; t < SUZUME_N_TYPES; t++)
    {
      gboolean found = FALSE;
      int q;

      if (ctx->unseen[t] == 0)
        continue;
      six[t]++;
      if (is_win (ctx, six, &q))
        {
          found = v->wall >= v->n_seats && first_after (v, me, q + ctx->bonus, -1);
          for (guint o = 0; o < v->n_seats && !found; o++)
            found = o != me && !(ctx->banned & (1u << suzume_tile_kind (suzume_type_tile (t)))) &&
                    first_after (v, me, q + ctx->bonus, (int) o);
        }
      six[t]--;
      if (found)
        return TRUE;
    }
  return FALSE;
}

/* Expected points of each discard over the next draws, less its danger; the
 * greedy measure breaks ties (hands too far from any win to score yet). */
static char *
choose_strong (Ctx     *ctx,
               guint32  allowed)
{
  guint8 types[SUZUME_N_TYPES];
  double best_value = -1e9;
  int best = -1;

  hand_types (&ctx->view, types);
  for (guint d = 0; d < SUZUME_N_TYPES; d++)
    {
      guint need, live;
      double v;

      if (types[d] == 0 || !(allowed & (1u << d)))
        continue;
      types[d]--;
      greedy_measure (ctx, types, SUZUME_MIN_POINTS, &need, &live);
      v = five_value (ctx, types, STRONG_DEPTH, ctx->draws_left)
          - DANGER_WEIGHT * ctx->danger_scale * ctx->danger[suzume_tile_kind (suzume_type_tile (d))]
          + 1e-3 * (live / 50.0 - need);
      types[d]++;
      if (v > best_value)
        {
          best_value = v;
          best = (int) d;
        }
    }
  return discard_line ((guint) best);
}

char *
suzume_ai_choose (const char    *level,
                  const char    *view,
                  guint64        seed,
                  GCancellable  *cancellable,
                  GError       **error)
{
  Ctx ctx;
  ParlorRng rng;
  guint8 types[SUZUME_N_TYPES];
  guint32 allowed = G_MAXUINT32;
  int points;
  char *action;

  g_return_val_if_fail (level != NULL && view != NULL, NULL);

  if (!g_str_equal (level, "random") && !g_str_equal (level, "normal") &&
      !g_str_equal (level, "strong"))
    {
      g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                   _("Unknown computer level “%s”"), level);
      return NULL;
    }
  if (!suzume_view_parse (view, &ctx.view, error)
      || !parlor_game_check_asked (suzume_view_asked (&ctx.view), error))
    return NULL;
  ensure_targets ();
  parlor_rng_init (&rng, seed, 0x2a);
  ctx_init (&ctx);

  if (g_str_equal (level, "random"))
    return choose_random (&ctx, &rng);

  hand_types (&ctx.view, types);
  if (g_str_equal (level, "normal"))
    {
      /* a win is always taken */
      if (ctx.view.ask == SUZUME_ASK_RON)
        return g_strdup ("ron");
      if (is_win (&ctx, types, &points))
        return g_strdup ("tsumo");
      return choose_normal (&ctx, &rng);
    }

  /* the strong player takes every win but those the last-hand rule keeps open */
  if (ctx.view.ask == SUZUME_ASK_RON)
    {
      guint8 six[SUZUME_N_TYPES];
      gboolean pass;

      memcpy (six, types, sizeof six);
      six[suzume_tile_type (ctx.view.last)]++;
      pass = is_win (&ctx, six, &points) &&
             better_win_ahead (&ctx, types, points, ctx.view.last_from);
      return g_strdup (pass ? "pass" : "ron");
    }
  if (is_win (&ctx, types, &points))
    {
      allowed = 0;
      for (guint d = 0; d < SUZUME_N_TYPES; d++)
        if (types[d] > 0)
          {
            types[d]--;
            if (better_win_ahead (&ctx, types, points, -1))
              allowed |= 1u << d;
            types[d]++;
          }
      if (allowed == 0)
        return g_strdup ("tsumo");
    }

  ctx.leaf_cache = g_hash_table_new_full (packed_hash, g_int64_equal, g_free, NULL);
  action = choose_strong (&ctx, allowed);
  g_hash_table_unref (ctx.leaf_cache);
  return action;
}

/* ---- review ---- */

/* Its value: the strong player's chance to win. */
typedef MahjongReviewOutcome Outcome;

static char *
discard_words (MahjongTile tile)
{
  g_autofree char *line = NULL;
  char buf[3];

  line = g_strdup_printf ("discard %s", suzume_tile_to_string (tile, buf));
  return suzume_game_info.describe (line, NULL);
}

/* Five tiles: how far from a hand that wins, and the chance to win with them. */
static void
measure_five (Ctx          *ctx,
              Ctx          *chance_ctx,
              const guint8  five[SUZUME_N_TYPES],
              Outcome      *o)
{
  guint need, live;

  greedy_measure (ctx, five, SUZUME_MIN_POINTS, &need, &live);
  o->shanten = (int) need - 1;
  o->ukeire = live;
  o->estimated = TRUE;
  o->value = five_value (chance_ctx, five, STRONG_DEPTH, chance_ctx->draws_left);
}

/* By the shape; the chance to win is named where it is not nil. */
static gpointer
review_prepare (const char          *view,
                guint64              seed,
                MahjongReviewJudge  *judge,
                GError             **error)
{
  SuzumeView v;
  Review *r;

  if (!suzume_view_parse (view, &v, error)
      || !parlor_game_check_asked (suzume_view_asked (&v), error))
    return NULL;
  ensure_targets ();
  r = g_new (Review, 1);
  r->ctx.view = v;
  ctx_init (&r->ctx);
  r->chance_ctx = r->ctx;
  for (guint i = 0; i < G_N_ELEMENTS (r->chance_ctx.utility); i++)
    r->chance_ctx.utility[i] = 1.0;
  r->ctx.leaf_cache = NULL;
  r->chance_ctx.leaf_cache = g_hash_table_new_full (packed_hash, g_int64_equal, g_free, NULL);
  *judge = MAHJONG_REVIEW_BY_SHAPE_NOTE;
  return r;
}

static gboolean
review_outcome (gpointer    state,
                const char *action,
                Outcome    *o)
{
  Review *r = state;
  Ctx *ctx = &r->ctx;
  Ctx *chance_ctx = &r->chance_ctx;
  g_autoptr(ParlorLine) line = parlor_line_parse (action, NULL);
  const SuzumeView *v = &ctx->view;
  guint8 types[SUZUME_N_TYPES];
  const char *type;
  int points;

  memset (o, 0, sizeof *o);
  if (line == NULL)
    return FALSE;
  type = parlor_line_get_type (line);
  hand_types (v, types);
  if (v->ask == SUZUME_ASK_RON)
    {
      if (g_str_equal (type, "pass") && parlor_line_get_n_words (line) == 0)
        {
          measure_five (ctx, chance_ctx, types, o);
          o->words = g_strdup (_("Pass"));
          return TRUE;
        }
      if (g_str_equal (type, "ron") && parlor_line_get_n_words (line) == 0 &&
          !suzume_view_ron_barred (v))
        {
          types[suzume_tile_type (v->last)]++;
          if (!is_win (ctx, types, &points))
            return FALSE;
          o->win = TRUE;
          o->shanten = -1;
          o->words = g_strdup (_("Win by ron"));
          return TRUE;
        }
      return FALSE;
    }
  if (g_str_equal (type, "tsumo") && parlor_line_get_n_words (line) == 0)
    {
      if (!v->can_tsumo)
        return FALSE;
      o->win = TRUE;
      o->shanten = -1;
      o->words = g_strdup (_("Win by tsumo"));
      return TRUE;
    }
  if (g_str_equal (type, "discard") && parlor_line_get_n_words (line) == 1)
    {
      MahjongTile tile = suzume_tile_from_string (parlor_line_get_word (line, 0));
      guint t;

      if (tile == MAHJONG_NO_TILE || types[t = suzume_tile_type (tile)] == 0)
        return FALSE;
      types[t]--;
      measure_five (ctx, chance_ctx, types, o);
      o->words = discard_words (tile);
      return TRUE;
    }
  return FALSE;
}

static void
review_free (gpointer state)
{
  Review *r = state;

  g_hash_table_unref (r->chance_ctx.leaf_cache);
  g_free (r);
}

MAHJONG_DEFINE_REVIEW (suzume, MAHJONG_REVIEW_CHANCE, review_prepare, review_outcome, review_free)

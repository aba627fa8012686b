/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-jihai"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "jihai-ai.h"
#include "parlor-game.h"
#include "parlor-line.h"
#include "parlor-rng.h"

#define STRONG_DEPTH    3
#define STRONG_DISCOUNT 0.8   /* the chance the hand goes on for one more draw of ours */
#define OPP_MEAN_POINTS 2.5   /* what a ron we feed costs, on average */
#define RON_SHARE       0.5   /* the chance the opponent lets go of a live tile we wait on */

/* Counts, kind masks and the search's loops go by slot (jihai-score.h). */
typedef struct
{
  guint8      counts[JIHAI_N_KINDS];
  MahjongMeld melds[JIHAI_MAX_MELDS];
  guint       n_melds;
  guint       discarded;
} AiHand;

/* Points of the hand completed by the tile of slot @win (already in counts)
 * by tsumo, 0 if it does not win. */
static int
win_points (const AiHand *h,
            guint         win,
            guint         flags)
{
  JihaiHand hand;
  JihaiScore score;

  memcpy (hand.counts, h->counts, sizeof hand.counts);
  memcpy (hand.melds, h->melds, sizeof hand.melds);
  hand.n_melds = (guint8) h->n_melds;
  hand.win = jihai_slot_tile (win);
  if (jihai_hand_shape (&hand) == JIHAI_SHAPE_NONE)
    return 0;
  jihai_score (&hand, JIHAI_WIN_TSUMO, flags, h->discarded, &score);
  return score.can_win ? score.total : 0;
}

/* Targets: every complete hand the melds allow, as concealed counts. */

typedef struct
{
  guint8 t[JIHAI_N_KINDS];
} Target;

static guint
list_targets (const MahjongMeld *melds,
              guint              n_melds,
              guint              discarded,
              Target            *out)
{
  guint meld_mask = 0, n = 0;
  guint sets = 2 - n_melds;

  for (guint i = 0; i < n_melds; i++)
    meld_mask |= jihai_tile_bit (melds[i].tile);

  /* shape A */
  for (guint p = 0; p < JIHAI_N_KINDS; p++)
    {
      if (meld_mask & (1u << p))
        continue;
      for (guint a = 0; a < JIHAI_N_KINDS; a++)
        for (guint b = a + 1; b <= JIHAI_N_KINDS; b++)
          {
            Target t = { { 0 } };
            AiHand h;

            if (sets == 0 && (a > 0 || b < JIHAI_N_KINDS))
              continue;
            if (sets == 1 && b < JIHAI_N_KINDS)
              continue;
            if (sets == 2 && b == JIHAI_N_KINDS)
              continue;
            if (sets >= 1 && (a == p || (meld_mask & (1u << a))))
              continue;
            if (sets == 2 && (b == p || (meld_mask & (1u << b))))
              continue;
            t.t[p] = 2;
            if (sets >= 1)
              t.t[a] = 3;
            if (sets == 2)
              t.t[b] = 3;
            memcpy (h.counts, t.t, sizeof h.counts);
            memcpy (h.melds, melds, sizeof h.melds);
            h.n_melds = n_melds;
            h.discarded = discarded;
            if (win_points (&h, p, 0) > 0)
              out[n++] = t;
          }
    }
  if (n_melds > 0)
    return n;
  /* shape B: every four pairs score */
  for (guint mask = 0; mask < (1u << JIHAI_N_KINDS); mask++)
    if (__builtin_popcount (mask) == 4)
      {
        Target t = { { 0 } };

        for (guint k = 0; k < JIHAI_N_KINDS; k++)
          t.t[k] = (mask & (1u << k)) ? 2 : 0;
        out[n++] = t;
      }
  /* shape C */
  for (guint p = 0; p < JIHAI_N_KINDS; p++)
    {
      Target t;

      for (guint k = 0; k < JIHAI_N_KINDS; k++)
        t.t[k] = k == p ? 2 : 1;
      out[n++] = t;
    }
  return n;
}

#define MAX_TARGETS 256

/* The fewest tiles missing over the targets; @useful gets the kind mask of
 * the tiles that bring a nearest target closer. */
static int
distance_with (const guint8  counts[JIHAI_N_KINDS],
               const Target *targets,
               guint         n_targets,
               const guint8  live[JIHAI_N_KINDS],
               guint        *useful)
{
  int best = G_MAXINT;
  guint mask = 0;

  for (guint i = 0; i < n_targets; i++)
    {
      int need = 0;
      guint want = 0;
      gboolean ok = TRUE;

      for (guint k = 0; k < JIHAI_N_KINDS && ok; k++)
        if (targets[i].t[k] > counts[k])
          {
            int missing = targets[i].t[k] - counts[k];

            if (missing > live[k])
              ok = FALSE;
            need += missing;
            want |= 1u << k;
          }
      if (!ok)
        continue;
      if (need < best)
        {
          best = need;
          mask = want;
        }
      else if (need == best)
        mask |= want;
    }
  if (useful != NULL)
    *useful = mask;
  return best;
}

int
jihai_ai_distance (const guint8       counts[JIHAI_N_KINDS],
                   const MahjongMeld *melds,
                   guint              n_melds,
                   guint              discarded,
                   const guint8       live[JIHAI_N_KINDS])
{
  Target targets[MAX_TARGETS];
  guint n;

  g_return_val_if_fail (counts != NULL && live != NULL && n_melds <= JIHAI_MAX_MELDS, G_MAXINT);

  n = list_targets (melds, n_melds, discarded, targets);
  return distance_with (counts, targets, n, live, NULL);
}

/* What the viewer has not seen: 4 minus its own tiles, all melds and discards. */
static void
live_tiles (const JihaiView *v,
            guint8           live[JIHAI_N_KINDS])
{
  int seen[JIHAI_N_KINDS] = { 0 };

  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    seen[k] = v->counts[k];
  for (guint s = 0; s < 2; s++)
    {
      for (guint i = 0; i < v->n_melds[s]; i++)
        seen[jihai_slot (v->melds[s][i].tile)] += jihai_meld_is_kong (&v->melds[s][i]) ? 4 : 3;
      for (guint i = 0; i < v->n_discards[s]; i++)
        seen[jihai_slot (v->discards[s][i])]++;
    }
  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    live[k] = (guint8) CLAMP (4 - seen[k], 0, 4);
}

static void
ai_hand_from_view (const JihaiView *v,
                   AiHand          *h)
{
  memset (h, 0, sizeof *h);
  memcpy (h->counts, v->counts, sizeof h->counts);
  memcpy (h->melds, v->melds[v->seat], sizeof h->melds);
  h->n_melds = v->n_melds[v->seat];
  h->discarded = v->discarded[v->seat];
}

static char *
discard_line (guint slot)
{
  return g_strdup_printf ("discard %c", jihai_tile_letter (jihai_slot_tile (slot)));
}

/* A declared kong of the first tile in the kind masks @ckong | @akong. */
static char *
kong_line (guint ckong,
           guint akong)
{
  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    if ((ckong | akong) & (1u << k))
      return g_strdup_printf ("%s %c", (ckong & (1u << k)) ? "ckong" : "akong",
                              jihai_tile_letter (jihai_slot_tile (k)));
  return NULL;
}

/* normal */

typedef struct
{
  int   distance;
  guint accept;
} Greedy;

static Greedy
greedy_after_discard (AiHand       *h,
                      guint         d,
                      const guint8  live[JIHAI_N_KINDS])
{
  Target targets[MAX_TARGETS];
  guint n = list_targets (h->melds, h->n_melds, h->discarded | (1u << d), targets);
  Greedy g = { G_MAXINT, 0 };
  guint useful = 0;

  h->counts[d]--;
  g.distance = distance_with (h->counts, targets, n, live, &useful);
  h->counts[d]++;
  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    if (useful & (1u << k))
      g.accept += live[k];
  return g;
}

static guint
normal_discard (AiHand       *h,
                const guint8  live[JIHAI_N_KINDS],
                ParlorRng    *rng,
                Greedy       *best_out)
{
  Greedy best = { G_MAXINT, 0 };
  guint choice = JIHAI_N_KINDS, ties = 0;

  for (guint d = 0; d < JIHAI_N_KINDS; d++)
    {
      Greedy g;

      if (h->counts[d] == 0)
        continue;
      g = greedy_after_discard (h, d, live);
      if (choice == JIHAI_N_KINDS || g.distance < best.distance
          || (g.distance == best.distance && g.accept > best.accept))
        {
          best = g;
          choice = d;
          ties = 1;
        }
      else if (g.distance == best.distance && g.accept == best.accept
               && parlor_rng_below (rng, ++ties) == 0)
        choice = d;
    }
  if (best_out != NULL)
    *best_out = best;
  return choice;
}

static char *
choose_normal (const JihaiView *v,
               ParlorRng       *rng)
{
  AiHand h;
  guint8 live[JIHAI_N_KINDS];

  ai_hand_from_view (v, &h);
  live_tiles (v, live);

  if (v->options.can & JIHAI_CAN_TSUMO)
    return g_strdup ("tsumo");
  if (v->options.can & JIHAI_CAN_RON)
    return g_strdup ("ron");
  if (v->options.ckong | v->options.akong)
    return kong_line (v->options.ckong, v->options.akong);
  if (v->ask == JIHAI_ASK_CLAIM && (v->options.can & (JIHAI_CAN_PUNG | JIHAI_CAN_KONG)))
    {
      Target targets[MAX_TARGETS];
      guint n = list_targets (h.melds, h.n_melds, h.discarded, targets);
      int now = distance_with (h.counts, targets, n, live, NULL);
      AiHand after = h;
      Greedy g;

      if (v->options.can & JIHAI_CAN_KONG)
        {
          after.counts[jihai_slot (v->claim)] -= 3;
          jihai_meld_init (&after.melds[after.n_melds++], MAHJONG_MELD_KONG, MAHJONG_MELD_CLAIMED,
                           v->claim);
          n = list_targets (after.melds, after.n_melds, after.discarded, targets);
          if (distance_with (after.counts, targets, n, live, NULL) <= now)
            return g_strdup ("kong");
          after = h;
        }
      after.counts[jihai_slot (v->claim)] -= 2;
      jihai_meld_init (&after.melds[after.n_melds++], MAHJONG_MELD_PUNG, MAHJONG_MELD_CLAIMED,
                       v->claim);
      if (normal_discard (&after, live, rng, &g) != JIHAI_N_KINDS && g.distance < now)
        return g_strdup ("pung");
    }
  if (v->options.can & JIHAI_CAN_PASS)
    return g_strdup ("pass");
  return discard_line (normal_discard (&h, live, rng, NULL));
}

/* strong */

/* Values of 7-tile hands already searched in this decision: many draw and
 * discard orders reach the same hand (hand-rolled open addressing, as a
 * GHashTable would allocate per entry in the hot loop). */
#define MEMO_BITS 16

typedef struct
{
  guint64 key;
  double  value;
} MemoEntry;

typedef struct
{
  guint8     live[JIHAI_N_KINDS];
  MemoEntry *memo;   /* 1 << MEMO_BITS entries, or NULL */
} Pool;

/* A meld's type and source in two bits. */
static inline guint
meld_code (const MahjongMeld *meld)
{
  return meld->type == MAHJONG_MELD_PUNG ? 0 : 1 + meld->source;
}

static guint64
memo_key (const AiHand *h,
          const Pool   *pool,
          guint         depth)
{
  guint64 key = 0;

  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    key = (key << 6) | ((guint64) h->counts[k] << 3) | pool->live[k];
  key = (key << 7) | (h->discarded & 0x7f);
  key = (key << 2) | (depth & 3);
  for (guint i = 0; i < JIHAI_MAX_MELDS; i++)
    key = (key << 5) | (i < h->n_melds ? ((guint64) meld_code (&h->melds[i]) << 3
                                          | jihai_slot (h->melds[i].tile))
                                       : 0);
  key = (key << 2) | h->n_melds;
  return key | G_GUINT64_CONSTANT (1) << 63;
}

static double value7 (AiHand *h, Pool *pool, guint depth);

/* The hand holds 8 (a tile just drawn, @drawn): the best of winning and each discard. */
static double
value8 (AiHand *h,
        Pool   *pool,
        guint   drawn,
        guint   flags,
        guint   depth)
{
  int win = win_points (h, drawn, flags);
  double best = 0;

  if (win > 0)
    return win;
  if (depth == 0)
    return 0;
  for (guint d = 0; d < JIHAI_N_KINDS; d++)
    {
      double v;
      guint before = h->discarded;

      if (h->counts[d] == 0)
        continue;

      h->counts[d]--;
      h->discarded |= 1u << d;
      v = value7 (h, pool, depth);
      h->discarded = before;
      h->counts[d]++;
      best = MAX (best, v);
    }
  return best;
}

/* Expected points of a 7-tile hand over its next @depth draws. */
static double
value7 (AiHand *h,
        Pool   *pool,
        guint   depth)
{
  guint total = 0;
  double ev = 0, ron = 0, ron_chance = 0;
  int win[JIHAI_N_KINDS];
  guint64 key = 0;
  MemoEntry *slot = NULL;

  if (depth == 0)
    return 0;
  if (pool->memo != NULL && depth > 1)
    {
      guint64 hash;

      key = memo_key (h, pool, depth);
      hash = key * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
      slot = &pool->memo[hash >> (64 - MEMO_BITS)];
      if (slot->key == key)
        return slot->value;
    }
  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    total += pool->live[k];
  if (total == 0)
    return 0;
  /* the points each kind would complete, by tsumo or (if not banned) ron */
  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    {
      win[k] = 0;
      if (pool->live[k] == 0)
        continue;
      h->counts[k]++;
      win[k] = win_points (h, k, 0);
      h->counts[k]--;
    }
  /* the opponent's discard first: a ron on a kind we did not discard */
  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    if (win[k] > 0 && !(h->discarded & (1u << k)))
      {
        double p = RON_SHARE * pool->live[k] / total;

        ron += p * win[k];
        ron_chance += p;
      }
  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    {
      double p;

      if (pool->live[k] == 0)
        continue;
      p = (double) pool->live[k] / total;
      if (win[k] > 0)
        {
          ev += p * win[k];
          continue;
        }
      if (depth == 1)
        continue;
      pool->live[k]--;
      h->counts[k]++;
      ev += p * value8 (h, pool, k, 0, depth - 1);
      h->counts[k]--;
      pool->live[k]++;
    }
  ev = (ron + (1 - ron_chance) * ev) * STRONG_DISCOUNT;
  if (slot != NULL)
    {
      slot->key = key;
      slot->value = ev;
    }
  return ev;
}

/* The expected cost of feeding a ron with the tile of @slot. */
static double
danger (const JihaiView *v,
        const guint8     live[JIHAI_N_KINDS],
        guint            slot)
{
  guint opp = 1 - (guint) v->seat;
  double ready, weight_sum = 0, weight;

  if (v->discarded[opp] & (1u << slot))
    return 0;   /* the ron ban */
  /* With melds the opponent can only wait on a kind it holds (a pair or a set). */
  if (v->n_melds[opp] > 0 && live[slot] == 0)
    return 0;
  ready = MIN (0.9, 0.05 + 0.09 * v->n_discards[opp] + 0.2 * v->n_melds[opp]);
  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    if (!(v->discarded[opp] & (1u << k)))
      weight_sum += live[k] + 0.5;
  weight = live[slot] + 0.5;
  return ready * MIN (1.0, 1.5 * weight / weight_sum) * OPP_MEAN_POINTS;
}

static guint
strong_discard (const JihaiView *v,
                AiHand          *h,
                const guint8     live[JIHAI_N_KINDS],
                guint            depth,
                MemoEntry       *memo,
                double          *value_out)
{
  double best = -G_MAXDOUBLE;
  guint choice = JIHAI_N_KINDS;

  for (guint d = 0; d < JIHAI_N_KINDS; d++)
    {
      Pool pool;
      double value;

      if (h->counts[d] == 0)
        continue;
      memcpy (pool.live, live, sizeof pool.live);
      pool.memo = memo;
      h->counts[d]--;
      h->discarded |= 1u << d;
      value = value7 (h, &pool, depth) - danger (v, live, d);
      h->discarded = v->discarded[v->seat];
      h->counts[d]++;
      /* ties: keep the tile that is rarer to use (higher kind first is arbitrary but fixed) */
      if (value > best + 1e-9)
        {
          best = value;
          choice = d;
        }
    }
  if (value_out != NULL)
    *value_out = best;
  return choice;
}

static char *
choose_strong (const JihaiView *v,
               ParlorRng       *rng)
{
  AiHand h;
  guint8 live[JIHAI_N_KINDS];
  guint my_draws;
  guint depth;
  g_autofree MemoEntry *memo = g_new0 (MemoEntry, 1 << MEMO_BITS);

  ai_hand_from_view (v, &h);
  live_tiles (v, live);

  if (v->options.can & JIHAI_CAN_TSUMO)
    return g_strdup ("tsumo");
  if (v->options.can & JIHAI_CAN_RON)
    return g_strdup ("ron");
  if (v->options.ckong | v->options.akong)
    return kong_line (v->options.ckong, v->options.akong);

  if (v->ask == JIHAI_ASK_CLAIM && (v->options.can & (JIHAI_CAN_PUNG | JIHAI_CAN_KONG)))
    {
      Pool pool;
      double pass, take;
      AiHand after = h;

      /* passing: we draw next */
      my_draws = (v->wall + 1) / 2;
      depth = MIN (STRONG_DEPTH, my_draws);
      memcpy (pool.live, live, sizeof pool.live);
      pool.memo = memo;
      pass = value7 (&h, &pool, depth);
      if (v->options.can & JIHAI_CAN_KONG)
        {
          double ev = 0;
          guint total = 0;

          after.counts[jihai_slot (v->claim)] -= 3;
          jihai_meld_init (&after.melds[after.n_melds++], MAHJONG_MELD_KONG, MAHJONG_MELD_CLAIMED,
                           v->claim);
          for (guint k = 0; k < JIHAI_N_KINDS; k++)
            total += live[k];
          memcpy (pool.live, live, sizeof pool.live);
          pool.memo = memo;
          for (guint k = 0; k < JIHAI_N_KINDS && total > 0; k++)
            if (pool.live[k] > 0)
              {
                double p = (double) pool.live[k] / total;

                pool.live[k]--;
                after.counts[k]++;
                ev += p * value8 (&after, &pool, k, JIHAI_FLAG_DEAD_WALL_DRAW,
                                  MIN (STRONG_DEPTH - 1, v->wall / 2));
                after.counts[k]--;
                pool.live[k]++;
              }
          if (ev > pass)
            return g_strdup ("kong");
          after = h;
        }
      if (v->options.can & JIHAI_CAN_PUNG)
        {
          after.counts[jihai_slot (v->claim)] -= 2;
          jihai_meld_init (&after.melds[after.n_melds++], MAHJONG_MELD_PUNG, MAHJONG_MELD_CLAIMED,
                           v->claim);
          /* after the pung we discard, the opponent draws, then we do */
          depth = MIN (STRONG_DEPTH, v->wall / 2);
          strong_discard (v, &after, live, depth, memo, &take);
          if (take > pass)
            return g_strdup ("pung");
        }
    }
  if (v->options.can & JIHAI_CAN_PASS)
    return g_strdup ("pass");

  /* after our discard the opponent draws first */
  my_draws = v->wall / 2;
  depth = MIN (STRONG_DEPTH, my_draws);
  if (depth == 0)
    {
      /* nothing left to draw: only safety matters */
      double best = G_MAXDOUBLE;
      guint choice = JIHAI_N_KINDS;

      for (guint d = 0; d < JIHAI_N_KINDS; d++)
        if (h.counts[d] > 0 && danger (v, live, d) < best)
          {
            best = danger (v, live, d);
            choice = d;
          }
      return discard_line (choice);
    }
  return discard_line (strong_discard (v, &h, live, depth, memo, NULL));
}

char *
jihai_ai_choose (const char    *level,
                 const char    *view_line,
                 guint64        seed,
                 GCancellable  *cancellable,
                 GError       **error)
{
  JihaiView v;
  ParlorRng rng;

  g_return_val_if_fail (level != NULL && view_line != NULL, NULL);

  if (!g_str_equal (level, "random") && !g_str_equal (level, "normal")
      && !g_str_equal (level, "strong"))
    {
      g_set_error (error, PARLOR_GAME_ERROR, PARLOR_GAME_ERROR_CONFIG,
                   _("Unknown computer level “%s” (random, normal or strong)"), level);
      return NULL;
    }
  if (!jihai_view_parse (view_line, &v, error)
      || !parlor_game_check_asked (jihai_view_asked (&v), error))
    return NULL;
  parlor_rng_init (&rng, seed, 0x6a616921 /* "jai!" */);

  if (g_str_equal (level, "random"))
    {
      g_autoptr(GPtrArray) actions = jihai_options_to_actions (&v.options, v.counts);

      g_assert (actions->len > 0);
      return g_strdup (g_ptr_array_index (actions, parlor_rng_below (&rng, actions->len)));
    }
  if (g_str_equal (level, "normal"))
    return choose_normal (&v, &rng);
  return choose_strong (&v, &rng);
}

/* ---- review ---- */

/* Its value: the strong player's expected points. */
typedef MahjongReviewOutcome Outcome;

static void
measure (const AiHand *h,
         const guint8  live[JIHAI_N_KINDS],
         Outcome      *o)
{
  Target targets[MAX_TARGETS];
  guint n = list_targets (h->melds, h->n_melds, h->discarded, targets);
  guint useful = 0;
  int distance = distance_with (h->counts, targets, n, live, &useful);

  o->shanten = distance == G_MAXINT ? 99 : distance - 1;
  o->ukeire = 0;
  for (guint k = 0; k < JIHAI_N_KINDS; k++)
    if (useful & (1u << k))
      o->ukeire += live[k];
}

typedef struct
{
  JihaiView  view;
  MemoEntry *memo;
  ParlorRng  rng;
} Review;

/* A claim or a pass is judged by the strong player's expected points where it
 * has them for both, a turn's move by the shape. */
static gpointer
review_prepare (const char          *view,
                guint64              seed,
                MahjongReviewJudge  *judge,
                GError             **error)
{
  g_autofree Review *r = g_new (Review, 1);

  if (!jihai_view_parse (view, &r->view, error)
      || !parlor_game_check_asked (jihai_view_asked (&r->view), error))
    return NULL;
  *judge = r->view.ask != JIHAI_ASK_TURN ? MAHJONG_REVIEW_BY_VALUE : MAHJONG_REVIEW_BY_SHAPE;
  r->memo = g_new0 (MemoEntry, 1 << MEMO_BITS);
  parlor_rng_init (&r->rng, seed, 0x726576);
  return g_steal_pointer (&r);
}

static gboolean
review_outcome (gpointer    state,
                const char *action,
                Outcome    *o)
{
  Review *r = state;
  const JihaiView *v = &r->view;
  MemoEntry *memo = r->memo;
  ParlorRng *rng = &r->rng;
  g_autoptr(GPtrArray) legal = jihai_options_to_actions (&v->options, v->counts);
  g_autoptr(ParlorLine) line = parlor_line_parse (action, NULL);
  const char *type;
  guint8 live[JIHAI_N_KINDS];
  MahjongTile tile = MAHJONG_NO_TILE;
  gboolean ok = FALSE;
  AiHand h;
  Pool pool;

  memset (o, 0, sizeof *o);
  for (guint i = 0; i < legal->len && !ok; i++)
    ok = g_str_equal (g_ptr_array_index (legal, i), action);
  if (!ok || line == NULL)
    return FALSE;
  type = parlor_line_get_type (line);
  if (parlor_line_get_n_words (line) == 1 && strlen (parlor_line_get_word (line, 0)) == 1)
    tile = jihai_tile_from_letter (parlor_line_get_word (line, 0)[0]);
  ai_hand_from_view (v, &h);
  live_tiles (v, live);
  memcpy (pool.live, live, sizeof pool.live);
  pool.memo = memo;

  if (g_str_equal (type, "tsumo") || g_str_equal (type, "ron"))
    {
      o->win = TRUE;
      o->shanten = -1;
      return TRUE;
    }
  if (g_str_equal (type, "pass"))
    {
      measure (&h, live, o);
      o->estimated = TRUE;
      o->value = value7 (&h, &pool, MIN (STRONG_DEPTH, (v->wall + 1) / 2));
      return TRUE;
    }
  if (g_str_equal (type, "discard") && tile != MAHJONG_NO_TILE)
    {
      h.counts[jihai_slot (tile)]--;
      h.discarded |= jihai_tile_bit (tile);
      measure (&h, live, o);
      o->estimated = TRUE;
      o->value = value7 (&h, &pool, MIN (STRONG_DEPTH, v->wall / 2))
                 - danger (v, live, jihai_slot (tile));
      return TRUE;
    }
  if (g_str_equal (type, "pung"))
    {
      guint d;
      Greedy g;

      h.counts[jihai_slot (v->claim)] -= 2;
      jihai_meld_init (&h.melds[h.n_melds++], MAHJONG_MELD_PUNG, MAHJONG_MELD_CLAIMED, v->claim);
      d = normal_discard (&h, live, rng, &g);
      o->shanten = g.distance == G_MAXINT ? 99 : g.distance - 1;
      o->ukeire = g.accept;
      o->estimated = d != JIHAI_N_KINDS;
      if (o->estimated)
        strong_discard (v, &h, live, MIN (STRONG_DEPTH, v->wall / 2), memo, &o->value);
      return TRUE;
    }
  if (g_str_equal (type, "kong") || g_str_equal (type, "ckong") || g_str_equal (type, "akong"))
    {
      MahjongTile t = g_str_equal (type, "kong") ? v->claim : tile;

      if (!jihai_tile_is_valid (t))
        return FALSE;
      if (g_str_equal (type, "akong"))
        {
          h.counts[jihai_slot (t)]--;
          for (guint i = 0; i < h.n_melds; i++)
            if (h.melds[i].tile == t)
              jihai_meld_init (&h.melds[i], MAHJONG_MELD_KONG, MAHJONG_MELD_ADDED, t);
        }
      else
        {
          h.counts[jihai_slot (t)] -= g_str_equal (type, "kong") ? 3 : 4;
          jihai_meld_init (&h.melds[h.n_melds++], MAHJONG_MELD_KONG,
                           g_str_equal (type, "kong") ? MAHJONG_MELD_CLAIMED
                                                      : MAHJONG_MELD_CONCEALED, t);
        }
      /* the replacement draw still to come: where the hand stands without it */
      measure (&h, live, o);
      return TRUE;
    }
  return FALSE;
}

static void
review_free (gpointer state)
{
  Review *r = state;

  g_free (r->memo);
  g_free (r);
}

MAHJONG_DEFINE_REVIEW (jihai, MAHJONG_REVIEW_POINTS, review_prepare, review_outcome, review_free)

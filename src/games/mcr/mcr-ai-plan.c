/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-mcr"

#include "config.h"

#include <string.h>

#include "mahjong-shape.h"
#include "mcr-ai-private.h"

/*
 * Fan routes for level 4: a hand worth 8 fan usually holds one of a few patterns
 * (a straight, three chows across the suits, a flush, all pungs, seven pairs, the
 * knitted forms). Each route's distance is the fewest tiles to draw for a complete
 * hand holding it; a route worth less than 8 on its own counts one tile further.
 */

#define FAR 99

typedef enum
{
  ROUTE_CHOWS,           /* three fixed chows (lowest tiles in low[]) + a set + a pair */
  ROUTE_HALF_FLUSH,      /* suit low[0] and honors */
  ROUTE_FULL_FLUSH,      /* suit low[0] only */
  ROUTE_ALL_PUNGS,
  ROUTE_SEVEN_PAIRS,
  ROUTE_KNITTED,
  ROUTE_HONORS_KNITTED,
  ROUTE_PLAIN,           /* any complete hand: the fan must come from small fans */
} RouteKind;

typedef struct
{
  guint8 kind;
  guint8 low[3];
  guint8 short_fan;      /* tiles added for a route worth less than 8 on its own */
} Route;

static Route routes[128];
static guint n_routes;

static void
add_route (RouteKind kind,
           guint     a,
           guint     b,
           guint     c,
           guint     short_fan)
{
  g_assert (n_routes < G_N_ELEMENTS (routes));
  routes[n_routes++] = (Route) { (guint8) kind, { (guint8) a, (guint8) b, (guint8) c },
                                 (guint8) short_fan };
}

static void
routes_init (void)
{
  static gsize once = 0;
  static const guint8 perms[6][3] = { {0,1,2}, {0,2,1}, {1,0,2}, {1,2,0}, {2,0,1}, {2,1,0} };

  if (!g_once_init_enter (&once))
    return;
  for (guint p = 0; p < 6; p++)
    {
      const guint8 *s = perms[p];

      /* Mixed Straight (8) */
      add_route (ROUTE_CHOWS, s[0] * 9u, s[1] * 9u + 3, s[2] * 9u + 6, 0);
      /* Mixed Shifted Chows (6) */
      for (guint r = 0; r < 5; r++)
        add_route (ROUTE_CHOWS, s[0] * 9u + r, s[1] * 9u + r + 1, s[2] * 9u + r + 2, 1);
    }
  for (guint s = 0; s < 3; s++)
    {
      /* Pure Straight (16), Pure Shifted Chows (16) */
      add_route (ROUTE_CHOWS, s * 9, s * 9 + 3, s * 9 + 6, 0);
      for (guint r = 0; r < 5; r++)
        add_route (ROUTE_CHOWS, s * 9 + r, s * 9 + r + 1, s * 9 + r + 2, 0);
      for (guint r = 0; r < 3; r++)
        add_route (ROUTE_CHOWS, s * 9 + r, s * 9 + r + 2, s * 9 + r + 4, 0);
      /* Half Flush (6), Full Flush (24) */
      add_route (ROUTE_HALF_FLUSH, s, 0, 0, 1);
      add_route (ROUTE_FULL_FLUSH, s, 0, 0, 0);
    }
  /* Mixed Triple Chow (8) */
  for (guint r = 0; r < 7; r++)
    add_route (ROUTE_CHOWS, r, 9 + r, 18 + r, 0);
  add_route (ROUTE_ALL_PUNGS, 0, 0, 0, 1);
  add_route (ROUTE_SEVEN_PAIRS, 0, 0, 0, 0);
  add_route (ROUTE_KNITTED, 0, 0, 0, 0);
  add_route (ROUTE_HONORS_KNITTED, 0, 0, 0, 0);
  add_route (ROUTE_PLAIN, 0, 0, 0, 2);
  g_once_init_leave (&once, 1);
}

/* Fewest tiles to add for n_sets sets and a pair. */
static int
need_regular (const guint8 *c,
              guint         n_sets)
{
  int s;

  if (n_sets > 4)
    return FAR;
  s = mahjong_shanten_form (c, 4 - n_sets, MAHJONG_FORM_REGULAR);
  return s >= MAHJONG_SHANTEN_NONE ? FAR : s + 1;
}

static int
need_form (const guint8 *c,
           guint         n_melds,
           MahjongForm   form)
{
  int s = mahjong_shanten_form (c, n_melds, form);

  return s >= MAHJONG_SHANTEN_NONE ? FAR : s + 1;
}

static int
need_chows (const guint8      *c,
            const MahjongMeld *melds,
            guint              n_melds,
            const guint8      *visible,
            const guint8       low[3])
{
  gboolean matched[3] = { FALSE, FALSE, FALSE };
  guint free_sets = 0;
  guint8 rest[MAHJONG_N_KINDS];
  int missing = 0;

  for (guint i = 0; i < n_melds; i++)
    {
      gboolean used = FALSE;

      if (melds[i].type == MAHJONG_MELD_CHOW)
        for (guint j = 0; j < 3 && !used; j++)
          if (!matched[j] && low[j] == melds[i].tile)
            matched[j] = used = TRUE;
      if (!used)
        free_sets++;
    }
  if (free_sets > 1)
    return FAR;
  memcpy (rest, c, sizeof rest);
  for (guint j = 0; j < 3; j++)
    if (!matched[j])
      for (guint t = low[j]; t < low[j] + 3u; t++)
        {
          if (rest[t] > 0)
            rest[t]--;
          else if (visible[t] >= 4)
            return FAR;
          else
            missing++;
        }
  return missing + need_regular (rest, 1 - free_sets);
}

static int
need_flush (const guint8      *c,
            const MahjongMeld *melds,
            guint              n_melds,
            guint              suit,
            gboolean           honors)
{
  guint8 x[MAHJONG_N_KINDS];

  for (guint i = 0; i < n_melds; i++)
    {
      guint s = mahjong_tile_suit (melds[i].tile);

      if (s != suit && !(honors && s == 3))
        return FAR;
    }
  memset (x, 0, sizeof x);
  memcpy (x + suit * 9, c + suit * 9, 9);
  if (honors)
    memcpy (x + 27, c + 27, 7);
  return need_regular (x, 4 - n_melds);
}

static int
need_all_pungs (const guint8      *c,
                const MahjongMeld *melds,
                guint              n_melds,
                const guint8      *visible)
{
  guint k = 4 - n_melds;
  int pung[MAHJONG_N_KINDS], pair[MAHJONG_N_KINDS];
  int best = FAR;

  for (guint i = 0; i < n_melds; i++)
    if (melds[i].type == MAHJONG_MELD_CHOW)
      return FAR;
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    {
      guint avail = c[t] + 4u - MIN (4u, visible[t]);

      pung[t] = avail < 3 ? FAR : c[t] >= 3 ? 0 : 3 - c[t];
      pair[t] = avail < 2 ? FAR : c[t] >= 2 ? 0 : 2 - c[t];
    }
  for (guint p = 0; p < MAHJONG_N_KINDS; p++)
    {
      int cost[MAHJONG_N_KINDS];
      guint n = 0;
      int total;

      if (pair[p] >= FAR)
        continue;
      total = pair[p];
      for (guint t = 0; t < MAHJONG_N_KINDS; t++)
        if (t != p)
          cost[n++] = pung[t];
      /* the k cheapest pungs: a partial selection is enough for k ≤ 4 */
      for (guint i = 0; i < k; i++)
        {
          guint m = i;

          for (guint j = i + 1; j < n; j++)
            if (cost[j] < cost[m])
              m = j;
          total += cost[m];
          cost[m] = cost[i];
        }
      best = MIN (best, total);
    }
  return MIN (best, FAR);
}

/* A pung of a valued honor in hand or in the melds. */
static gboolean
has_valued_pung (const guint8      *c,
                 const MahjongMeld *melds,
                 guint              n_melds,
                 guint              seat_wind,
                 guint              prevalent)
{
  for (guint t = 27; t < MAHJONG_N_KINDS; t++)
    {
      gboolean valued = t >= 31 || t == 27 + seat_wind || t == 27 + prevalent;

      if (valued && c[t] >= 3)
        return TRUE;
    }
  for (guint i = 0; i < n_melds; i++)
    {
      guint t = melds[i].tile;

      if (melds[i].type != MAHJONG_MELD_CHOW
          && (t >= 31 || t == 27 + seat_wind || t == 27 + prevalent))
        return TRUE;
    }
  return FALSE;
}

static int
route_need (const Route       *r,
            const guint8      *c,
            const MahjongMeld *melds,
            guint              n_melds,
            const guint8      *visible)
{
  switch ((RouteKind) r->kind)
    {
    case ROUTE_CHOWS:
      return need_chows (c, melds, n_melds, visible, r->low);
    case ROUTE_HALF_FLUSH:
      return need_flush (c, melds, n_melds, r->low[0], TRUE);
    case ROUTE_FULL_FLUSH:
      return need_flush (c, melds, n_melds, r->low[0], FALSE);
    case ROUTE_ALL_PUNGS:
      return need_all_pungs (c, melds, n_melds, visible);
    case ROUTE_SEVEN_PAIRS:
      return need_form (c, n_melds, MAHJONG_FORM_SEVEN_PAIRS);
    case ROUTE_KNITTED:
      return need_form (c, n_melds, MAHJONG_FORM_KNITTED_STRAIGHT);
    case ROUTE_HONORS_KNITTED:
      return need_form (c, n_melds, MAHJONG_FORM_HONORS_KNITTED);
    case ROUTE_PLAIN:
    default:
      return need_regular (c, 4 - n_melds);
    }
}

void
mcr_ai_plan (const guint8      *counts,
             const MahjongMeld *melds,
             guint              n_melds,
             guint              seat_wind,
             guint              prevalent,
             const guint8      *visible,
             McrAiPlan         *out)
{
  int need[G_N_ELEMENTS (routes)];
  int extra[G_N_ELEMENTS (routes)];
  gboolean valued;
  int best = FAR;
  guint8 c[MAHJONG_N_KINDS];

  routes_init ();
  valued = has_valued_pung (counts, melds, n_melds, seat_wind, prevalent);
  for (guint i = 0; i < n_routes; i++)
    {
      int n = route_need (&routes[i], counts, melds, n_melds, visible);

      extra[i] = routes[i].short_fan;
      if (valued && (routes[i].kind == ROUTE_HALF_FLUSH || routes[i].kind == ROUTE_ALL_PUNGS))
        extra[i] = 0;
      need[i] = n >= FAR ? FAR : n + extra[i];
      best = MIN (best, need[i]);
    }
  out->need = best;
  out->accept = 0;
  out->n_routes = 0;
  if (best >= FAR)
    return;
  for (guint i = 0; i < n_routes; i++)
    out->n_routes += need[i] == best;
  memcpy (c, counts, sizeof c);
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    {
      guint live = 4u - MIN (4u, visible[t]);

      if (live == 0 || c[t] >= 4)
        continue;
      c[t]++;
      for (guint i = 0; i < n_routes; i++)
        if (need[i] == best
            && route_need (&routes[i], c, melds, n_melds, visible) + extra[i] < best)
          {
            out->accept += live;
            break;
          }
      c[t]--;
    }
}

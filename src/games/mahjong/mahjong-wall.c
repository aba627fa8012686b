/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-mahjong"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "parlor-error.h"
#include "parlor-line.h"
#include "mahjong-wall.h"

#define N_TILE_VALUES 256

typedef guint8 TileCounts[N_TILE_VALUES];

/* One tile of the kit's notation, "F1"…"F8" for the flowers, "*" for red. */
static const char *
kit_tile_to_string (guint tile,
                    char  buf[4])
{
  char kind[3];

  mahjong_tile_to_string (MAHJONG_TILE_KIND (tile), kind);
  g_snprintf (buf, 4, "%s%s", kind, (tile & MAHJONG_TILE_RED) != 0 ? "*" : "");
  return buf;
}

static guint
kit_tile_from_string (const char *text)
{
  g_autofree char *copy = g_strdup (text);
  gsize len = strlen (copy);
  guint red = 0;
  guint t;

  if (len > 1 && copy[len - 1] == '*')
    {
      red = MAHJONG_TILE_RED;
      copy[--len] = '\0';
    }
  if (len == 2 && copy[0] == 'F' && copy[1] >= '1' && copy[1] <= '8')
    t = MAHJONG_TILE_FLOWER + (guint) (copy[1] - '1');
  else
    t = mahjong_tile_from_string (copy);
  return t == MAHJONG_NO_TILE ? MAHJONG_NO_TILE : t | red;
}

static guint
tile_from_string (const MahjongWallRules *rules,
                  const char             *text)
{
  return rules->tile_from_string != NULL ? rules->tile_from_string (text)
                                         : kit_tile_from_string (text);
}

char *
mahjong_wall_to_string (const MahjongWall      *wall,
                        const MahjongWallRules *rules)
{
  GString *out;

  g_return_val_if_fail (wall != NULL && rules != NULL, NULL);
  g_return_val_if_fail (wall->size <= MAHJONG_WALL_MAX, NULL);

  out = g_string_sized_new (wall->size * 4u);
  for (guint i = 0; i < wall->size; i++)
    {
      char buf[4];

      if (i > 0)
        g_string_append_c (out, ',');
      g_string_append (out, rules->tile_to_string != NULL
                              ? rules->tile_to_string (wall->tiles[i], buf)
                              : kit_tile_to_string (wall->tiles[i], buf));
    }
  return g_string_free (out, FALSE);
}

void
mahjong_wall_add_event (GPtrArray              *events,
                        const MahjongWall      *wall,
                        const MahjongWallRules *rules)
{
  g_autofree char *tiles = NULL;

  g_return_if_fail (events != NULL && wall != NULL && rules != NULL);

  tiles = mahjong_wall_to_string (wall, rules);
  g_ptr_array_add (events, parlor_event_new_take (0, g_strdup_printf ("wall tiles=%s", tiles)));
}

gboolean
mahjong_wall_from_string (const char             *text,
                          const MahjongWallRules *rules,
                          MahjongWall            *wall,
                          GError                **error)
{
  g_auto(GStrv) parts = NULL;
  guint8 want[N_TILE_VALUES] = { 0 };
  guint8 have[N_TILE_VALUES] = { 0 };
  MahjongWall full;
  guint n;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (rules != NULL && wall != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (wall, 0, sizeof *wall);
  mahjong_wall_fill (&full, rules->set);
  if (*text == '\0')
    {
      g_set_error_literal (error, MAHJONG_ERROR, MAHJONG_ERROR_TILE_COUNT, _("The wall is empty"));
      return FALSE;
    }
  parts = g_strsplit (text, ",", MAHJONG_WALL_MAX + 2);
  n = g_strv_length (parts);
  if (n != full.size)
    {
      if (n > MAHJONG_WALL_MAX)
        g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_TILE_COUNT,
                     _("The wall has more than %u tiles: the game plays with %u"),
                     (guint) MAHJONG_WALL_MAX, (guint) full.size);
      else
        g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_TILE_COUNT,
                     _("The wall has %u tiles: the game plays with %u"), n, (guint) full.size);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      guint t = tile_from_string (rules, parts[i]);

      if (t == MAHJONG_NO_TILE)
        {
          g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_SYNTAX,
                       _("Tile %u of the wall, “%s”, is not a tile"), i + 1, parts[i]);
          return FALSE;
        }
      wall->tiles[i] = (MahjongTile) t;
      have[t]++;
    }
  for (guint i = 0; i < full.size; i++)
    want[full.tiles[i]]++;
  for (guint t = 0; t < N_TILE_VALUES; t++)
    if (have[t] != want[t])
      {
        g_autofree char *name = mahjong_tile_name (t);

        g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_TOO_MANY_COPIES,
                     _("The wall holds %u × %s: the game plays with %u"), have[t], name, want[t]);
        return FALSE;
      }
  wall->size = (guint16) n;
  wall->back = (guint16) n;
  return TRUE;
}

/* ---- the check ---- */

typedef struct
{
  gboolean flower;       /* a flower set aside, or else a seat's whole deal */
  guint    seat;
  guint    tile;         /* the flower */
  guint    slot;         /* the deal's place in the deal order */
} Dealt;

typedef struct
{
  const MahjongWallRules *rules;
  const char * const     *events;
  MahjongWall             wall;
  gboolean                have_wall;
  gboolean                wall_pending; /* the wall came before its hand event */
  gboolean                dealing;      /* from the wall event to the first draw */
  gboolean                after_flower; /* the next draw comes from the end */
  GArray                 *deal;         /* guint: the deal's deal and flower events */
  guint64                 dealt;        /* seats whose deal event came */
  guint                  *failed;
} Check;

/* Tile @index is the one that failed the check. */
#define refuse(c, index, error, ...) \
  (*(c)->failed = (index), \
   parlor_fail ((error), MAHJONG_ERROR, MAHJONG_ERROR_TILE_COUNT, __VA_ARGS__))

static gboolean
read_tile (Check       *c,
           guint        index,
           const char  *text,
           guint       *tile,
           GError     **error)
{
  *tile = text != NULL ? tile_from_string (c->rules, text) : MAHJONG_NO_TILE;
  if (*tile == MAHJONG_NO_TILE)
    return refuse (c, index, error, _("the tile “%s” cannot be read"), text != NULL ? text : "");
  return TRUE;
}

/* A dealt hand in the game's notation: tiles of one or two characters (a
 * digit and its suit), commas between them or not. */
static gboolean
read_tiles (Check       *c,
            guint        index,
            const char  *text,
            guint8       counts[N_TILE_VALUES],
            guint       *n,
            GError     **error)
{
  memset (counts, 0, N_TILE_VALUES);
  *n = 0;
  for (const char *p = text; *p != '\0';)
    {
      char token[3] = { p[0], '\0', '\0' };
      guint t;

      if (*p == ',')
        {
          p++;
          continue;
        }
      if (g_ascii_isdigit (p[0]) && p[1] != '\0')
        token[1] = p[1];
      p += strlen (token);
      if (!read_tile (c, index, token, &t, error))
        return FALSE;
      if (*n == MAHJONG_WALL_MAX)
        return refuse (c, index, error, _("the deal holds more tiles than the wall"));
      counts[t]++;
      (*n)++;
    }
  return TRUE;
}

static gboolean
take (Check       *c,
      gboolean     from_end,
      guint        index,
      guint        seat,
      MahjongTile *tile,
      GError     **error)
{
  gboolean ok = from_end ? mahjong_wall_draw_replacement (&c->wall, tile)
                         : mahjong_wall_draw (&c->wall, tile);

  if (!ok)
    return refuse (c, index, error, _("seat %u takes a tile from an empty wall"), seat);
  return TRUE;
}

static gboolean
seat_of (Check           *c,
         guint            index,
         const ParlorLine *line,
         guint           *seat,
         GError         **error)
{
  gint64 s;

  if (!parlor_line_get_int (line, "seat", 0, G_MAXINT, &s, NULL))
    return refuse (c, index, error, _("the event names no seat"));
  *seat = (guint) s;
  return TRUE;
}

/* One tile of a seat's deal, from the front (or the end, @back): a flower
 * is expected set aside, any other tile joins the hand. */
static gboolean
deal_one (Check       *c,
          gboolean     back,
          guint        index,
          guint        seat,
          guint        slot,
          GArray      *expected,
          guint8      *hand,
          guint       *have,
          GError     **error)
{
  MahjongTile t;

  if (!take (c, back, index, seat, &t, error))
    return FALSE;
  if (MAHJONG_TILE_KIND (t) >= MAHJONG_TILE_FLOWER)
    g_array_append_val (expected, ((Dealt) { TRUE, seat, t, slot }));
  else
    {
      hand[t]++;
      (*have)++;
    }
  return TRUE;
}

/* The deal again from the wall: each seat's hand from the front in the
 * order of the deal events, then, seat by seat, the flowers among them
 * replaced from the end; the flower and deal events must follow. */
static gboolean
finish_deal (Check   *c,
             GError **error)
{
  g_autoptr(GArray) expected = g_array_new (FALSE, TRUE, sizeof (Dealt));
  g_autofree TileCounts *hands = NULL;
  g_autofree guint *seats = NULL, *sizes = NULL, *have = NULL, *index_of = NULL;
  guint n_seats = 0, k = 0;

  c->dealing = FALSE;
  if (c->deal->len == 0)
    return TRUE;
  hands = g_new0 (TileCounts, c->deal->len);
  seats = g_new0 (guint, c->deal->len);
  sizes = g_new0 (guint, c->deal->len);
  have = g_new0 (guint, c->deal->len);
  index_of = g_new0 (guint, c->deal->len);

  for (guint i = 0; i < c->deal->len; i++)
    {
      guint index = g_array_index (c->deal, guint, i);
      g_autoptr(ParlorLine) line = parlor_line_parse (c->events[index], NULL);
      guint8 counts[N_TILE_VALUES];

      if (!g_str_equal (parlor_line_get_type (line), "deal"))
        continue;
      if (!seat_of (c, index, line, &seats[n_seats], error) ||
          !read_tiles (c, index, parlor_line_get (line, "tiles"), counts, &sizes[n_seats], error))
        return FALSE;
      index_of[n_seats++] = index;
    }

  for (guint s = 0; s < n_seats; s++)
    for (guint i = 0; i < sizes[s]; i++)
      {
        if (!deal_one (c, FALSE, index_of[s], seats[s], s, expected, hands[s], &have[s], error))
          return FALSE;
      }
  for (guint s = 0; s < n_seats; s++)
    {
      while (have[s] < sizes[s])
        {
          if (!deal_one (c, TRUE, index_of[s], seats[s], s, expected, hands[s], &have[s], error))
            return FALSE;
        }
      g_array_append_val (expected, ((Dealt) { FALSE, seats[s], MAHJONG_NO_TILE, s }));
    }

  for (guint i = 0; i < c->deal->len; i++, k++)
    {
      guint index = g_array_index (c->deal, guint, i);
      g_autoptr(ParlorLine) line = parlor_line_parse (c->events[index], NULL);
      gboolean flower = g_str_equal (parlor_line_get_type (line), "flower");
      const Dealt *want = k < expected->len ? &g_array_index (expected, Dealt, k) : NULL;
      g_autofree char *name = NULL, *want_name = NULL;
      guint seat, tile = MAHJONG_NO_TILE;

      if (!seat_of (c, index, line, &seat, error) ||
          (flower && !read_tile (c, index, parlor_line_get (line, "tile"), &tile, error)))
        return FALSE;
      name = flower ? mahjong_tile_name (tile) : NULL;
      want_name = want != NULL && want->flower ? mahjong_tile_name (want->tile) : NULL;
      if (flower && (want == NULL || !want->flower))
        return refuse (c, index, error,
                       _("seat %u sets aside the %s, which the wall does not deal it there"),
                       seat, name);
      if (!flower && (want == NULL || want->flower))
        return refuse (c, index, error,
                       _("the wall deals seat %u the %s, which the record does not set aside"),
                       want != NULL ? want->seat : seat, want_name != NULL ? want_name : "?");
      if (flower && (want->seat != seat || want->tile != tile))
        return refuse (c, index, error,
                       _("seat %u sets aside the %s, but the wall’s next flower is the %s, "
                         "for seat %u"),
                       seat, name, want_name, want->seat);
      if (!flower)
        {
          guint8 counts[N_TILE_VALUES];
          guint n;

          read_tiles (c, index, parlor_line_get (line, "tiles"), counts, &n, NULL);
          for (guint t = 0; t < N_TILE_VALUES; t++)
            if (counts[t] != hands[want->slot][t])
              {
                g_autofree char *tile_name = mahjong_tile_name (t);

                return refuse (c, index, error,
                               _("the deal to seat %u does not follow the wall: it holds %u × "
                                 "%s, the wall deals %u"),
                               seat, counts[t], tile_name, hands[want->slot][t]);
              }
        }
    }
  if (k < expected->len)
    {
      const Dealt *want = &g_array_index (expected, Dealt, k);
      g_autofree char *want_name = mahjong_tile_name (want->tile);

      return refuse (c, g_array_index (c->deal, guint, c->deal->len - 1), error,
                     _("the wall deals seat %u the %s, which the record does not set aside"),
                     want->seat, want_name);
    }
  return TRUE;
}

/* A flower set aside during play, from whichever end holds it (each flower
 * is unique): the front for a draw, the end for a replacement. */
static gboolean
check_flower (Check      *c,
              guint       index,
              guint       seat,
              guint       tile,
              GError    **error)
{
  MahjongTile t;

  if (mahjong_wall_remaining (&c->wall) == 0)
    return refuse (c, index, error, _("seat %u takes a tile from an empty wall"), seat);
  if (c->wall.tiles[c->wall.front] == tile && !c->after_flower)
    return take (c, FALSE, index, seat, &t, error);
  if (c->wall.tiles[c->wall.back - 1] == tile)
    return take (c, TRUE, index, seat, &t, error);
  {
    g_autofree char *name = mahjong_tile_name (tile);
    g_autofree char *front = mahjong_tile_name (c->wall.tiles[c->wall.front]);
    g_autofree char *back = mahjong_tile_name (c->wall.tiles[c->wall.back - 1]);

    return refuse (c, index, error,
                   _("seat %u sets aside the %s, but the wall’s next tile is the %s and its "
                     "last the %s"),
                   seat, name, front, back);
  }
}

static gboolean
check_draw (Check            *c,
            guint             index,
            const ParlorLine *line,
            GError          **error)
{
  gboolean replacement = parlor_line_has (line, "replacement");
  gboolean from_end = replacement || c->after_flower;
  g_autofree char *name = NULL, *want_name = NULL;
  guint seat, tile;
  MahjongTile t;

  if (!seat_of (c, index, line, &seat, error) ||
      !read_tile (c, index, parlor_line_get (line, "tile"), &tile, error) ||
      !take (c, from_end, index, seat, &t, error))
    return FALSE;
  c->after_flower = FALSE;
  if (t == tile)
    return TRUE;
  name = mahjong_tile_name (tile);
  want_name = mahjong_tile_name (t);
  if (replacement)
    return refuse (c, index, error,
                   _("seat %u draws the %s as a replacement, but the wall’s last tile is the %s"),
                   seat, name, want_name);
  if (from_end)
    return refuse (c, index, error,
                   _("seat %u draws the %s for a flower, but the wall’s last tile is the %s"),
                   seat, name, want_name);
  return refuse (c, index, error, _("seat %u draws the %s, but the wall’s next tile is the %s"),
                 seat, name, want_name);
}

static gboolean
check_event (Check    *c,
             guint     index,
             GError  **error)
{
  g_autoptr(ParlorLine) line = parlor_line_parse (c->events[index], NULL);
  const char *type;
  g_autoptr(GError) local_error = NULL;

  if (line == NULL)
    return TRUE;
  type = parlor_line_get_type (line);

  if (g_str_equal (type, "hand") || g_str_equal (type, "wall"))
    {
      if (c->dealing && !finish_deal (c, error))
        return FALSE;
      if (g_str_equal (type, "hand"))
        {
          c->have_wall = c->dealing = c->wall_pending;
          c->wall_pending = FALSE;
          return TRUE;
        }
      c->have_wall = FALSE;
      if (!mahjong_wall_from_string (parlor_line_get (line, "tiles") != NULL
                                       ? parlor_line_get (line, "tiles") : "",
                                     c->rules, &c->wall, &local_error))
        return refuse (c, index, error, "%s", local_error->message);
      c->have_wall = c->dealing = c->wall_pending = TRUE;
      c->after_flower = FALSE;
      c->dealt = 0;
      g_array_set_size (c->deal, 0);
      return TRUE;
    }
  if (!c->have_wall)
    return TRUE;

  if (c->dealing && g_str_equal (type, "deal") && parlor_line_has (line, "tiles"))
    {
      guint seat;

      if (!seat_of (c, index, line, &seat, error))
        return FALSE;
      c->dealt |= G_GUINT64_CONSTANT (1) << MIN (seat, 63u);
      g_array_append_val (c->deal, index);
      return TRUE;
    }
  if (g_str_equal (type, "flower"))
    {
      guint seat, tile;

      if (!seat_of (c, index, line, &seat, error))
        return FALSE;
      /* a seat's flowers in the deal come before its hand; after, the draws' */
      if (c->dealing && (c->dealt & (G_GUINT64_CONSTANT (1) << MIN (seat, 63u))) == 0)
        {
          g_array_append_val (c->deal, index);
          return TRUE;
        }
      if ((c->dealing && !finish_deal (c, error)) ||
          !read_tile (c, index, parlor_line_get (line, "tile"), &tile, error) ||
          !check_flower (c, index, seat, tile, error))
        return FALSE;
      c->after_flower = TRUE;
      return TRUE;
    }
  if (g_str_equal (type, "dora") ||
      (g_str_equal (type, "draw") && parlor_line_has (line, "tile")))
    {
      if (c->dealing && !finish_deal (c, error))
        return FALSE;
      if (g_str_equal (type, "draw"))
        return check_draw (c, index, line, error);
      {
        guint tile;
        MahjongTile t;
        g_autofree char *name = NULL, *want_name = NULL;

        if (!read_tile (c, index, parlor_line_get (line, "tile"), &tile, error) ||
            !take (c, FALSE, index, 0, &t, error))
          return FALSE;
        if (t == tile)
          return TRUE;
        name = mahjong_tile_name (tile);
        want_name = mahjong_tile_name (t);
        return refuse (c, index, error,
                       _("the indicator is the %s, but the wall’s next tile is the %s"),
                       name, want_name);
      }
    }
  return TRUE;
}

gboolean
mahjong_wall_check_events (const MahjongWallRules *rules,
                           const char * const     *events,
                           guint                   n_events,
                           guint                  *failed,
                           GError                **error)
{
  Check c = { 0 };
  guint scratch = 0;
  gboolean ok = TRUE;

  g_return_val_if_fail (rules != NULL, FALSE);
  g_return_val_if_fail (events != NULL || n_events == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  c.rules = rules;
  c.events = events;
  c.deal = g_array_new (FALSE, FALSE, sizeof (guint));
  c.failed = failed != NULL ? failed : &scratch;
  for (guint i = 0; ok && i < n_events; i++)
    ok = check_event (&c, i, error);
  if (ok && c.dealing)
    ok = finish_deal (&c, error);
  g_array_unref (c.deal);
  return ok;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-mahjong"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mahjong-tile.h"

G_DEFINE_QUARK (mahjong-error-quark, mahjong_error)

static const char honor_letters[] = "ESWNPFC";

char *
mahjong_tile_name (guint tile)
{
  static const char * const honors[] = {
    N_("East wind"), N_("South wind"), N_("West wind"), N_("North wind"),
    N_("White dragon"), N_("Green dragon"), N_("Red dragon"),
  };
  guint kind = MAHJONG_TILE_KIND (tile);
  g_autofree char *name = NULL;

  if (tile == MAHJONG_NO_TILE)
    return g_strdup (_("Hidden tile"));
  g_return_val_if_fail (kind < MAHJONG_N_ALL_KINDS, g_strdup ("?"));

  if (kind >= MAHJONG_TILE_FLOWER)
    /* Translators: a flower or season tile, numbered 1-8 */
    return g_strdup_printf (_("Flower %u"), kind - MAHJONG_TILE_FLOWER + 1);
  if (mahjong_tile_is_honor (kind))
    return g_strdup (_(honors[kind - MAHJONG_TILE_EAST]));

  switch (mahjong_tile_suit (kind))
    {
    case 0:
      /* Translators: a tile of the characters suit (萬), e.g. "7 of characters" */
      name = g_strdup_printf (_("%u of characters"), mahjong_tile_rank (kind));
      break;
    case 1:
      /* Translators: a tile of the dots suit, e.g. "5 of dots" */
      name = g_strdup_printf (_("%u of dots"), mahjong_tile_rank (kind));
      break;
    default:
      /* Translators: a tile of the bamboo suit, e.g. "3 of bamboo" */
      name = g_strdup_printf (_("%u of bamboo"), mahjong_tile_rank (kind));
      break;
    }
  if ((tile & MAHJONG_TILE_RED) != 0 && mahjong_tile_is_suited (kind))
    /* Translators: the red copy of a number tile (worth a bonus point), e.g.
     * "red 3 of bamboo": worded so that it cannot be read as the Red dragon */
    return g_strdup_printf (_("red %s"), name);
  return g_steal_pointer (&name);
}

char *
mahjong_run_name (guint lowest)
{
  guint kind = MAHJONG_TILE_KIND (lowest);
  guint rank;

  g_return_val_if_fail (mahjong_tile_is_suited (kind) && mahjong_tile_rank (kind) <= 7, g_strdup ("?"));
  rank = mahjong_tile_rank (kind);
  switch (mahjong_tile_suit (kind))
    {
    case 0:
      /* Translators: a run of three tiles, e.g. "1, 2, 3 of characters" */
      return g_strdup_printf (_("%u, %u, %u of characters"), rank, rank + 1, rank + 2);
    case 1:
      /* Translators: a run of three tiles, e.g. "1, 2, 3 of dots" */
      return g_strdup_printf (_("%u, %u, %u of dots"), rank, rank + 1, rank + 2);
    default:
      /* Translators: a run of three tiles, e.g. "1, 2, 3 of bamboo" */
      return g_strdup_printf (_("%u, %u, %u of bamboo"), rank, rank + 1, rank + 2);
    }
}

const char *
mahjong_tile_to_string (guint tile,
                        char  buf[3])
{
  if (tile < 27)
    {
      buf[0] = (char) ('1' + tile % 9);
      buf[1] = "mps"[tile / 9];
      buf[2] = '\0';
    }
  else if (tile < 34)
    {
      buf[0] = honor_letters[tile - 27];
      buf[1] = '\0';
    }
  else if (tile < MAHJONG_N_ALL_KINDS)
    {
      buf[0] = 'F';
      buf[1] = (char) ('1' + tile - 34);
      buf[2] = '\0';
    }
  else
    {
      buf[0] = '?';
      buf[1] = '\0';
    }
  return buf;
}

static int
honor_from_letter (char c)
{
  const char *p = c != '\0' ? strchr (honor_letters, c) : NULL;

  return p != NULL ? 27 + (int) (p - honor_letters) : -1;
}

static int
suited_tile (int  digit,
             char suffix)
{
  switch (suffix)
    {
    case 'm': return digit >= 1 ? digit - 1 : -1;
    case 'p': return digit >= 1 ? 9 + digit - 1 : -1;
    case 's': return digit >= 1 ? 18 + digit - 1 : -1;
    case 'z': return digit >= 1 && digit <= 7 ? 27 + digit - 1 : -1;
    default: return -1;
    }
}

guint
mahjong_tile_from_string (const char *text)
{
  int t = -1;

  g_return_val_if_fail (text != NULL, MAHJONG_NO_TILE);

  if (text[0] >= '0' && text[0] <= '9' && text[1] != '\0' && text[2] == '\0')
    t = suited_tile (text[0] - '0', text[1]);
  else if (text[0] != '\0' && text[1] == '\0')
    t = honor_from_letter (text[0]);
  return t < 0 ? MAHJONG_NO_TILE : (guint) t;
}

void
mahjong_hand_clear (MahjongHand *hand)
{
  g_return_if_fail (hand != NULL);

  memset (hand, 0, sizeof *hand);
  hand->last_tile = MAHJONG_NO_TILE;
}

/* Reads tiles from text[*pos] up to stop (']' or end): digits runs with a suffix,
 * honor letters. A trailing lone digit inside brackets is returned in *trailing. */
static gboolean
read_tiles (const char *text,
            gsize      *pos,
            gboolean    in_meld,
            guint8     *tiles,
            guint      *n_tiles,
            guint       max_tiles,
            int        *trailing,
            GError    **error)
{
  char digits[32];
  guint n_digits = 0;
  gsize i = *pos;

  *trailing = -1;
  for (;; i++)
    {
      char c = text[i];
      int h;

      if (c >= '0' && c <= '9')
        {
          if (n_digits == G_N_ELEMENTS (digits))
            {
              g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_TILE_COUNT,
                           _("Too many tiles in the hand"));
              return FALSE;
            }
          digits[n_digits++] = c;
          continue;
        }
      if (c == 'm' || c == 'p' || c == 's' || c == 'z')
        {
          if (n_digits == 0)
            {
              g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_SYNTAX,
                           _("The suit letter “%c” at position %u has no numbers before it"),
                           c, (guint) i + 1);
              return FALSE;
            }
          for (guint k = 0; k < n_digits; k++)
            {
              int t = suited_tile (digits[k] - '0', c);

              if (t < 0)
                {
                  if (c == 'z')
                    g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_SYNTAX,
                                 _("There is no honor tile “%cz”: honors are 1z to 7z"),
                                 digits[k]);
                  else
                    g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_SYNTAX,
                                 _("There is no tile “0%c”: numbers go from 1 to 9"), c);
                  return FALSE;
                }
              if (*n_tiles >= max_tiles)
                {
                  g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_TILE_COUNT,
                               in_meld ? _("A declared set has more than 4 tiles")
                                       : _("Too many tiles in the hand"));
                  return FALSE;
                }
              tiles[(*n_tiles)++] = (guint8) t;
            }
          n_digits = 0;
          continue;
        }
      if ((h = honor_from_letter (c)) >= 0)
        {
          if (n_digits > 0)
            {
              g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_SYNTAX,
                           _("The numbers before position %u have no suit letter (m, p, s or z)"),
                           (guint) i + 1);
              return FALSE;
            }
          if (*n_tiles >= max_tiles)
            {
              g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_TILE_COUNT,
                           in_meld ? _("A declared set has more than 4 tiles")
                                   : _("Too many tiles in the hand"));
              return FALSE;
            }
          tiles[(*n_tiles)++] = (guint8) h;
          continue;
        }
      break;
    }

  if (n_digits > 0)
    {
      if (in_meld && n_digits == 1 && *n_tiles > 0)
        *trailing = digits[0] - '0';
      else
        {
          g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_SYNTAX,
                       _("The numbers before position %u have no suit letter (m, p, s or z)"),
                       (guint) i + 1);
          return FALSE;
        }
    }
  *pos = i;
  return TRUE;
}

static int
compare_tiles (gconstpointer a,
               gconstpointer b)
{
  return (int) *(const guint8 *) a - (int) *(const guint8 *) b;
}

static gboolean
make_meld (guint8      *tiles,
           guint        n,
           int          digit,
           MahjongMeld *meld,
           GError     **error)
{
  qsort (tiles, n, 1, compare_tiles);
  memset (meld, 0, sizeof *meld);
  meld->tile = tiles[0];

  if (n == 4 && tiles[0] == tiles[3])
    {
      meld->type = MAHJONG_MELD_KONG;
      if (digit < 0)
        {
          meld->source = MAHJONG_MELD_CONCEALED;
          meld->claimed = MAHJONG_NO_TILE;
        }
      else if (digit >= 1 && digit <= 3)
        {
          meld->source = MAHJONG_MELD_CLAIMED;
          meld->from = (guint8) digit;
          meld->claimed = tiles[0];
        }
      else if (digit >= 5 && digit <= 7)
        {
          meld->source = MAHJONG_MELD_ADDED;
          meld->from = (guint8) (digit - 4);
          meld->claimed = tiles[0];
        }
      else
        {
          g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_BAD_MELD,
                       _("A kong takes no digit (concealed), 1 to 3 (claimed) or 5 to 7 (added), not %d"),
                       digit);
          return FALSE;
        }
      return TRUE;
    }
  if (n == 3 && tiles[0] == tiles[2])
    {
      if (digit == 0 || digit > 3)
        {
          g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_BAD_MELD,
                       _("A pung’s digit says who discarded: 1, 2 or 3, not %d"), digit);
          return FALSE;
        }
      meld->type = MAHJONG_MELD_PUNG;
      meld->source = MAHJONG_MELD_CLAIMED;
      meld->from = (guint8) (digit < 0 ? 1 : digit);
      meld->claimed = tiles[0];
      return TRUE;
    }
  if (n == 3 && tiles[0] < 27 && tiles[1] == tiles[0] + 1 && tiles[2] == tiles[0] + 2
      && tiles[0] % 9 <= 6)
    {
      if (digit == 0 || digit > 3)
        {
          g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_BAD_MELD,
                       _("A chow’s digit says which of its tiles was claimed: 1, 2 or 3, not %d"),
                       digit);
          return FALSE;
        }
      meld->type = MAHJONG_MELD_CHOW;
      meld->source = MAHJONG_MELD_CLAIMED;
      meld->from = 1;
      meld->claimed = (guint8) (tiles[0] + (digit < 0 ? 0 : digit - 1));
      return TRUE;
    }
  {
    g_autoptr(GString) s = g_string_new (NULL);
    char buf[3];

    for (guint k = 0; k < n; k++)
      g_string_append (s, mahjong_tile_to_string (tiles[k], buf));
    g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_BAD_MELD,
                 _("The declared tiles “%s” are not a chow, pung or kong"), s->str);
  }
  return FALSE;
}

gboolean
mahjong_meld_is_valid (const MahjongMeld *meld)
{
  g_return_val_if_fail (meld != NULL, FALSE);

  switch ((MahjongMeldType) meld->type)
    {
    case MAHJONG_MELD_CHOW:
      return meld->tile < 27 && meld->tile % 9 <= 6;
    case MAHJONG_MELD_PUNG:
    case MAHJONG_MELD_KONG:
      return meld->tile < 34;
    default:
      return FALSE;
    }
}

guint
mahjong_hand_size (const MahjongHand *hand)
{
  g_return_val_if_fail (hand != NULL, 0);
  return 3u * hand->n_melds + hand->n_concealed;
}

void
mahjong_hand_all_counts (const MahjongHand *hand,
                         guint8             counts[MAHJONG_N_KINDS])
{
  g_return_if_fail (hand != NULL);

  memcpy (counts, hand->counts, MAHJONG_N_KINDS);
  for (guint i = 0; i < MIN (hand->n_melds, 4); i++)
    {
      const MahjongMeld *m = &hand->melds[i];

      if (!mahjong_meld_is_valid (m))
        continue;
      switch ((MahjongMeldType) m->type)
        {
        case MAHJONG_MELD_CHOW:
          counts[m->tile]++, counts[m->tile + 1]++, counts[m->tile + 2]++;
          break;
        case MAHJONG_MELD_PUNG:
          counts[m->tile] += 3;
          break;
        case MAHJONG_MELD_KONG:
          counts[m->tile] += 4;
          break;
        default:
          break;
        }
    }
}

gboolean
mahjong_hand_parse (const char  *text,
                    MahjongHand *hand,
                    GError     **error)
{
  guint8 tiles[20];
  guint n_tiles = 0;
  gsize pos = 0;
  guint8 all[MAHJONG_N_KINDS];
  guint size;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (hand != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  mahjong_hand_clear (hand);

  while (text[pos] == '[')
    {
      guint8 meld_tiles[4];
      guint n_meld = 0;
      int digit;

      if (hand->n_melds == 4)
        {
          g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_TILE_COUNT,
                       _("A hand has at most 4 declared sets"));
          return FALSE;
        }
      pos++;
      if (!read_tiles (text, &pos, TRUE, meld_tiles, &n_meld, 4, &digit, error))
        return FALSE;
      if (text[pos] != ']')
        {
          if (text[pos] == '\0')
            g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_SYNTAX,
                         _("A declared set is missing its closing bracket"));
          else
            g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_SYNTAX,
                         _("Unexpected “%c” at position %u inside a declared set"),
                         text[pos], (guint) pos + 1);
          return FALSE;
        }
      pos++;
      if (n_meld < 3)
        {
          g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_BAD_MELD,
                       _("A declared set needs 3 or 4 tiles, this one has %u"), n_meld);
          return FALSE;
        }
      if (!make_meld (meld_tiles, n_meld, digit, &hand->melds[hand->n_melds], error))
        return FALSE;
      hand->n_melds++;
    }

  {
    int trailing;

    if (!read_tiles (text, &pos, FALSE, tiles, &n_tiles, G_N_ELEMENTS (tiles), &trailing, error))
      return FALSE;
  }
  if (text[pos] != '\0')
    {
      char c = text[pos];

      if (c == '[')
        g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_SYNTAX,
                     _("Declared sets in brackets must come before the concealed tiles"));
      else if (c == ']')
        g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_SYNTAX,
                     _("A closing bracket at position %u has no opening bracket"), (guint) pos + 1);
      else if (g_ascii_isprint (c))
        g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_SYNTAX,
                     _("Unknown letter “%c” at position %u"), c, (guint) pos + 1);
      else
        g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_SYNTAX,
                     _("Unknown character (byte %u) at position %u"),
                     (guint) (guchar) c, (guint) pos + 1);
      return FALSE;
    }

  for (guint i = 0; i < n_tiles; i++)
    hand->counts[tiles[i]]++;
  hand->n_concealed = (guint8) n_tiles;
  hand->last_tile = n_tiles > 0 ? tiles[n_tiles - 1] : MAHJONG_NO_TILE;

  mahjong_hand_all_counts (hand, all);
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    if (all[t] > 4)
      {
        char buf[3];

        g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_TOO_MANY_COPIES,
                     _("There are only 4 of each tile, but the hand has %u × %s"),
                     all[t], mahjong_tile_to_string (t, buf));
        return FALSE;
      }

  size = mahjong_hand_size (hand);
  if (size != 13 && size != 14)
    {
      g_set_error (error, MAHJONG_ERROR, MAHJONG_ERROR_TILE_COUNT,
                   _("A hand holds 13 or 14 tiles (a kong counts as 3), this one has %u"), size);
      return FALSE;
    }
  return TRUE;
}

static void
append_group (GString      *s,
              const guint8 *counts)
{
  char buf[3];

  for (guint suit = 0; suit < 3; suit++)
    {
      gboolean any = FALSE;

      for (guint r = 0; r < 9; r++)
        for (guint k = 0; k < counts[suit * 9 + r]; k++)
          {
            g_string_append_c (s, (char) ('1' + r));
            any = TRUE;
          }
      if (any)
        g_string_append_c (s, "mps"[suit]);
    }
  for (guint t = 27; t < 34; t++)
    for (guint k = 0; k < counts[t]; k++)
      g_string_append (s, mahjong_tile_to_string (t, buf));
}

char *
mahjong_hand_to_string (const MahjongHand *hand)
{
  GString *s;
  guint8 rest[MAHJONG_N_KINDS];

  g_return_val_if_fail (hand != NULL, NULL);

  s = g_string_new (NULL);
  for (guint i = 0; i < MIN (hand->n_melds, 4); i++)
    {
      const MahjongMeld *m = &hand->melds[i];
      guint8 c[MAHJONG_N_KINDS] = { 0 };

      if (!mahjong_meld_is_valid (m))
        continue;
      switch ((MahjongMeldType) m->type)
        {
        case MAHJONG_MELD_CHOW:
          c[m->tile] = c[m->tile + 1] = c[m->tile + 2] = 1;
          break;
        case MAHJONG_MELD_PUNG:
          c[m->tile] = 3;
          break;
        case MAHJONG_MELD_KONG:
          c[m->tile] = 4;
          break;
        default:
          break;
        }
      g_string_append_c (s, '[');
      append_group (s, c);
      if (m->type == MAHJONG_MELD_CHOW)
        g_string_append_c (s, (char) ('1' + m->claimed - m->tile));
      else if (m->source == MAHJONG_MELD_CLAIMED)
        g_string_append_c (s, (char) ('0' + m->from));
      else if (m->source == MAHJONG_MELD_ADDED)
        g_string_append_c (s, (char) ('4' + m->from));
      g_string_append_c (s, ']');
    }

  memcpy (rest, hand->counts, sizeof rest);
  if (hand->last_tile < MAHJONG_N_KINDS && rest[hand->last_tile] > 0)
    rest[hand->last_tile]--;
  append_group (s, rest);
  if (hand->last_tile < MAHJONG_N_KINDS && hand->counts[hand->last_tile] > 0)
    {
      guint8 one[MAHJONG_N_KINDS] = { 0 };

      one[hand->last_tile] = 1;
      append_group (s, one);
    }
  return g_string_free (s, FALSE);
}

gboolean
mahjong_hand_equal (const MahjongHand *a,
                    const MahjongHand *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  if (memcmp (a->counts, b->counts, sizeof a->counts) != 0
      || a->n_melds != b->n_melds || a->n_concealed != b->n_concealed
      || a->last_tile != b->last_tile)
    return FALSE;
  for (guint i = 0; i < a->n_melds; i++)
    if (memcmp (&a->melds[i], &b->melds[i], sizeof (MahjongMeld)) != 0)
      return FALSE;
  return TRUE;
}

guint
mahjong_tile_set_size (MahjongTileSet set)
{
  switch (set)
    {
    case MAHJONG_TILE_SET_FULL: return 144;
    case MAHJONG_TILE_SET_HONORS: return 28;
    case MAHJONG_TILE_SET_SUZUME: return 44;
    default: g_return_val_if_reached (0);
    }
}

void
mahjong_wall_fill (MahjongWall   *wall,
                   MahjongTileSet set)
{
  guint n = 0;

  g_return_if_fail (wall != NULL);

  memset (wall, 0, sizeof *wall);
  switch (set)
    {
    case MAHJONG_TILE_SET_FULL:
      for (guint t = 0; t < MAHJONG_N_KINDS; t++)
        for (guint k = 0; k < 4; k++)
          wall->tiles[n++] = (MahjongTile) t;
      for (guint f = 0; f < 8; f++)
        wall->tiles[n++] = (MahjongTile) (MAHJONG_TILE_FLOWER + f);
      break;
    case MAHJONG_TILE_SET_HONORS:
      for (guint t = 27; t < MAHJONG_N_KINDS; t++)
        for (guint k = 0; k < 4; k++)
          wall->tiles[n++] = (MahjongTile) t;
      break;
    case MAHJONG_TILE_SET_SUZUME:
      for (guint t = 18; t < 27; t++)
        for (guint k = 0; k < 4; k++)
          wall->tiles[n++] = (MahjongTile) (t | (k == 0 ? MAHJONG_TILE_RED : 0));
      for (guint k = 0; k < 4; k++)
        wall->tiles[n++] = MAHJONG_TILE_GREEN;
      for (guint k = 0; k < 4; k++)
        wall->tiles[n++] = MAHJONG_TILE_RED_DRAGON | MAHJONG_TILE_RED;
      break;
    default:
      g_return_if_reached ();
    }
  wall->size = (guint16) n;
  wall->front = 0;
  wall->back = (guint16) n;
}

void
mahjong_wall_init (MahjongWall   *wall,
                   MahjongTileSet set,
                   ParlorRng     *rng)
{
  g_return_if_fail (wall != NULL);
  g_return_if_fail (rng != NULL);

  mahjong_wall_fill (wall, set);
  parlor_rng_shuffle (rng, wall->tiles, wall->size, sizeof (MahjongTile));
}

guint
mahjong_wall_remaining (const MahjongWall *wall)
{
  g_return_val_if_fail (wall != NULL, 0);
  return (guint) (wall->back - wall->front);
}

gboolean
mahjong_wall_draw (MahjongWall *wall,
                   MahjongTile *tile)
{
  g_return_val_if_fail (wall != NULL && tile != NULL, FALSE);

  if (wall->front >= wall->back)
    return FALSE;
  *tile = wall->tiles[wall->front++];
  return TRUE;
}

gboolean
mahjong_wall_draw_replacement (MahjongWall *wall,
                               MahjongTile *tile)
{
  g_return_val_if_fail (wall != NULL && tile != NULL, FALSE);

  if (wall->front >= wall->back)
    return FALSE;
  *tile = wall->tiles[--wall->back];
  return TRUE;
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The fan table of docs/shared rules spec, typed in again for the tests, and a reader
 * for tests/mahjong/mcr-hands.txt. */
#pragma once

#include <glib.h>
#include <stdlib.h>
#include <string.h>

static const char *const spec_table[] = {
  "88|Big Four Winds, Big Three Dragons, All Green, Nine Gates, Four Kongs, Seven Shifted Pairs, Thirteen Orphans",
  "64|All Terminals, Little Four Winds, Little Three Dragons, All Honors, Four Concealed Pungs, Pure Terminal Chows",
  "48|Quadruple Chow, Four Pure Shifted Pungs",
  "32|Four Pure Shifted Chows, Three Kongs, All Terminals and Honors",
  "24|Seven Pairs, Greater Honors and Knitted Tiles, All Even Pungs, Full Flush, Pure Triple Chow, Pure Shifted Pungs, Upper Tiles, Middle Tiles, Lower Tiles",
  "16|Pure Straight, Three-Suited Terminal Chows, Pure Shifted Chows, All Fives, Triple Pung, Three Concealed Pungs",
  "12|Lesser Honors and Knitted Tiles, Knitted Straight, Upper Four, Lower Four, Big Three Winds",
  "8|Mixed Straight, Reversible Tiles, Mixed Triple Chow, Mixed Shifted Pungs, Chicken Hand, Last Tile Draw, Last Tile Claim, Out with Replacement Tile, Robbing the Kong",
  "6|All Pungs, Half Flush, Mixed Shifted Chows, All Types, Melded Hand, Two Concealed Kongs, Two Dragon Pungs",
  "4|Outside Hand, Fully Concealed Hand, Two Melded Kongs, Last Tile",
  "2|Dragon Pung, Prevalent Wind, Seat Wind, Concealed Hand, All Chows, Tile Hog, Double Pung, Two Concealed Pungs, Concealed Kong, All Simples",
  "1|Pure Double Chow, Mixed Double Chow, Short Straight, Two Terminal Chows, Pung of Terminals or Honors, Melded Kong, One Voided Suit, No Honors, Edge Wait, Closed Wait, Single Wait, Self-Drawn, Flower Tiles",
};

typedef struct
{
  char *names[96];
  int   points[96];
  guint n;
} SpecTable;

static inline void
spec_table_load (SpecTable *t)
{
  t->n = 0;
  for (gsize r = 0; r < G_N_ELEMENTS (spec_table); r++)
    {
      g_auto(GStrv) parts = g_strsplit (spec_table[r], "|", 2);
      g_auto(GStrv) names = g_strsplit (parts[1], ", ", -1);
      int pts = atoi (parts[0]);

      for (guint i = 0; names[i] != NULL; i++)
        {
          t->names[t->n] = g_strdup (names[i]);
          t->points[t->n++] = pts;
        }
    }
}

static inline int
spec_table_find (const SpecTable *t,
                 const char      *name)
{
  for (guint i = 0; i < t->n; i++)
    if (g_str_equal (t->names[i], name))
      return (int) i;
  return -1;
}

typedef struct
{
  char  *input;     /* HAND FLAGS PREVALENT SEAT FLOWERS */
  guint  counts[96];
  int    total;     /* from the spec table, flowers included */
  char  *expected;  /* "TOTAL\tName xN;…" in table order */
  guint  line;
} SpecHand;

static inline void
spec_hand_free (gpointer data)
{
  SpecHand *h = data;

  g_free (h->input);
  g_free (h->expected);
  g_free (h);
}

/* Reads the hands file; fails the test on a malformed expectation. */
static inline GPtrArray *
spec_hands_load (const SpecTable *t,
                 const char      *path)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *out = g_ptr_array_new_with_free_func (spec_hand_free);

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *sep = strstr (lines[i], " => ");
      SpecHand *h;
      g_auto(GStrv) items = NULL;
      GString *exp;

      if (lines[i][0] == '#' || lines[i][0] == '\0')
        continue;
      g_assert_nonnull (sep);
      h = g_new0 (SpecHand, 1);
      h->line = i + 1;
      h->input = g_strndup (lines[i], (gsize) (sep - lines[i]));
      items = g_strsplit (sep + 4, ";", -1);
      for (guint k = 0; items[k] != NULL; k++)
        {
          const char *x = g_strrstr (items[k], " x");
          g_autofree char *name = NULL;
          int idx;

          g_assert_nonnull (x);
          name = g_strndup (items[k], (gsize) (x - items[k]));
          idx = spec_table_find (t, name);
          if (idx < 0)
            g_error ("line %u: unknown fan “%s”", h->line, name);
          h->counts[idx] += (guint) atoi (x + 2);
          h->total += t->points[idx] * atoi (x + 2);
        }
      exp = g_string_new (NULL);
      g_string_append_printf (exp, "%d\t", h->total);
      for (guint k = 0, first = 1; k < t->n; k++)
        if (h->counts[k] > 0)
          {
            g_string_append_printf (exp, "%s%s x%u", first ? "" : ";", t->names[k], h->counts[k]);
            first = 0;
          }
      h->expected = g_string_free (exp, FALSE);
      g_ptr_array_add (out, h);
    }
  return out;
}

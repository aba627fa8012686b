/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mahjong-table"

#include "config.h"

#include <glib/gi18n.h>

#include "mahjong-table-view.h"
#include "parlor-screen-util.h"

struct _MahjongTableView
{
  GtkWidget         parent_instance;

  guint             n_seats;
  GtkWidget        *grid;
  GtkWidget        *center;      /* a GtkBox holding the screen's child */
  GtkLabel         *news;        /* the latest move, for eyes and screen readers */
  GtkWidget        *heading[MAHJONG_TABLE_SEATS_MAX];
  MahjongHandView  *hand[MAHJONG_TABLE_SEATS_MAX];
  MahjongRiverView *river[MAHJONG_TABLE_SEATS_MAX];
  MahjongMeldsView *melds[MAHJONG_TABLE_SEATS_MAX];
};

G_DEFINE_FINAL_TYPE (MahjongTableView, mahjong_table_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_N_SEATS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

typedef enum
{
  PLACE_BOTTOM,
  PLACE_RIGHT,
  PLACE_TOP,
  PLACE_LEFT,
} Place;

/* Turn order goes round counter-clockwise: right, across, left. */
static Place
place_of (guint n_seats,
          guint seat)
{
  static const Place places[4][MAHJONG_TABLE_SEATS_MAX] = {
    { PLACE_BOTTOM, PLACE_TOP },
    { PLACE_BOTTOM, PLACE_RIGHT, PLACE_LEFT },
    { PLACE_BOTTOM, PLACE_RIGHT, PLACE_TOP, PLACE_LEFT },
    { PLACE_BOTTOM, PLACE_RIGHT, PLACE_TOP, PLACE_TOP, PLACE_LEFT },
  };

  g_assert (n_seats >= 2 && n_seats <= MAHJONG_TABLE_SEATS_MAX && seat < n_seats);
  return places[n_seats - 2][seat];
}

static GtkWidget *
seat_panel (MahjongTableView *self,
            guint             seat)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *heading = gtk_label_new (NULL);
  GtkWidget *row;
  gboolean side = place_of (self->n_seats, seat) == PLACE_LEFT ||
                  place_of (self->n_seats, seat) == PLACE_RIGHT;
  MahjongHandView *hand = MAHJONG_HAND_VIEW (mahjong_hand_view_new ());
  MahjongRiverView *river = MAHJONG_RIVER_VIEW (mahjong_river_view_new ());
  MahjongMeldsView *melds = MAHJONG_MELDS_VIEW (mahjong_melds_view_new ());

  gtk_widget_add_css_class (heading, "heading");
  /* A narrow table wraps a heading rather than cut it. */
  gtk_label_set_wrap (GTK_LABEL (heading), TRUE);
  gtk_label_set_justify (GTK_LABEL (heading), GTK_JUSTIFY_CENTER);
  mahjong_melds_view_set_n_seats (melds, self->n_seats);
  gtk_widget_set_valign (GTK_WIDGET (river), GTK_ALIGN_CENTER);

  /* A hand shares its row with its melds (a meld takes tiles from the hand),
   * save at the narrow sides of the table. */
  row = gtk_box_new (side ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, side ? 4 : 12);
  gtk_widget_set_hexpand (GTK_WIDGET (hand), TRUE);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (hand));
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (melds));
  if (seat == 0)
    {
      gtk_widget_set_halign (GTK_WIDGET (river), GTK_ALIGN_CENTER);
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (river));
      gtk_box_append (GTK_BOX (box), heading);
      gtk_box_append (GTK_BOX (box), row);
    }
  else
    {
      mahjong_hand_view_set_compact (hand, TRUE);
      gtk_box_append (GTK_BOX (box), heading);
      gtk_box_append (GTK_BOX (box), row);
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (river));
    }
  /* Across the table the river has the width for long rows; at the sides, fewer. */
  mahjong_river_view_set_columns (river, side ? 8 : 12);
  self->heading[seat] = heading;
  self->hand[seat] = hand;
  self->river[seat] = river;
  self->melds[seat] = melds;
  mahjong_table_view_set_seat_info (self, seat, NULL, NULL, 0, FALSE);
  return box;
}

static void
build (MahjongTableView *self)
{
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 24);
  GtkWidget *middle = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *panels[MAHJONG_TABLE_SEATS_MAX];

  self->grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (self->grid), 12);
  gtk_grid_set_column_spacing (GTK_GRID (self->grid), 16);
  gtk_widget_set_parent (self->grid, GTK_WIDGET (self));

  self->center = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_hexpand (self->center, TRUE);
  gtk_widget_set_vexpand (self->center, TRUE);
  gtk_widget_set_valign (self->center, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (middle), self->center);

  self->news = GTK_LABEL (g_object_new (GTK_TYPE_LABEL,
                                        "accessible-role", GTK_ACCESSIBLE_ROLE_STATUS,
                                        "wrap", TRUE, "lines", 2,
                                        "ellipsize", PANGO_ELLIPSIZE_END,
                                        "justify", GTK_JUSTIFY_CENTER,
                                        "width-chars", 12, "max-width-chars", 40, NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->news), "dim-label");
  {
    g_autofree char *east = mahjong_tile_name (MAHJONG_TILE_EAST);
    g_autofree char *two_lines = g_strdup_printf ("%s\n%s", east, east);

    parlor_label_keep_height (self->news, two_lines);
  }
  gtk_box_append (GTK_BOX (middle), GTK_WIDGET (self->news));
  gtk_grid_attach (GTK_GRID (self->grid), middle, 1, 1, 1, 1);

  gtk_box_set_homogeneous (GTK_BOX (top), TRUE);
  gtk_widget_set_halign (top, GTK_ALIGN_CENTER);
  gtk_grid_attach (GTK_GRID (self->grid), top, 0, 0, 3, 1);

  for (guint seat = 0; seat < self->n_seats; seat++)
    panels[seat] = seat_panel (self, seat);
  /* The top row reads left to right, against the turn order. */
  for (guint seat = self->n_seats; seat-- > 1;)
    if (place_of (self->n_seats, seat) == PLACE_TOP)
      gtk_box_append (GTK_BOX (top), panels[seat]);
  for (guint seat = 0; seat < self->n_seats; seat++)
    switch (place_of (self->n_seats, seat))
      {
      case PLACE_BOTTOM:
        gtk_grid_attach (GTK_GRID (self->grid), panels[seat], 0, 2, 3, 1);
        break;
      case PLACE_RIGHT:
        gtk_grid_attach (GTK_GRID (self->grid), panels[seat], 2, 1, 1, 1);
        break;
      case PLACE_LEFT:
        gtk_grid_attach (GTK_GRID (self->grid), panels[seat], 0, 1, 1, 1);
        break;
      case PLACE_TOP:
      default:
        break;
      }
}

static void
mahjong_table_view_constructed (GObject *object)
{
  MahjongTableView *self = MAHJONG_TABLE_VIEW (object);

  G_OBJECT_CLASS (mahjong_table_view_parent_class)->constructed (object);
  build (self);
}

static void
mahjong_table_view_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  MahjongTableView *self = MAHJONG_TABLE_VIEW (object);

  switch (prop_id)
    {
    case PROP_N_SEATS:
      g_value_set_uint (value, self->n_seats);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mahjong_table_view_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  MahjongTableView *self = MAHJONG_TABLE_VIEW (object);

  switch (prop_id)
    {
    case PROP_N_SEATS:
      self->n_seats = g_value_get_uint (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mahjong_table_view_dispose (GObject *object)
{
  MahjongTableView *self = MAHJONG_TABLE_VIEW (object);

  g_clear_pointer (&self->grid, gtk_widget_unparent);

  G_OBJECT_CLASS (mahjong_table_view_parent_class)->dispose (object);
}

static void
mahjong_table_view_class_init (MahjongTableViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = mahjong_table_view_constructed;
  object_class->get_property = mahjong_table_view_get_property;
  object_class->set_property = mahjong_table_view_set_property;
  object_class->dispose = mahjong_table_view_dispose;

  properties[PROP_N_SEATS] =
    g_param_spec_uint ("n-seats", NULL, NULL, 2, MAHJONG_TABLE_SEATS_MAX, 4,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_set_css_name (widget_class, "mahjong-table");
}

static void
mahjong_table_view_init (MahjongTableView *self)
{
  self->n_seats = 4;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Table"),
                                  -1);
}

GtkWidget *
mahjong_table_view_new (guint n_seats)
{
  g_return_val_if_fail (n_seats >= 2 && n_seats <= MAHJONG_TABLE_SEATS_MAX, NULL);
  return g_object_new (MAHJONG_TYPE_TABLE_VIEW, "n-seats", n_seats, NULL);
}

guint
mahjong_table_view_get_n_seats (MahjongTableView *self)
{
  g_return_val_if_fail (MAHJONG_IS_TABLE_VIEW (self), 0);
  return self->n_seats;
}

void
mahjong_table_view_set_seat_info (MahjongTableView *self,
                                  guint             seat,
                                  const char       *name,
                                  const char       *wind,
                                  int               score,
                                  gboolean          active)
{
  g_autofree char *text = NULL;
  g_autofree char *shown = NULL;

  g_return_if_fail (MAHJONG_IS_TABLE_VIEW (self));
  g_return_if_fail (seat < self->n_seats);

  if (name == NULL)
    name = seat == 0 ? _("You") : _("Player");
  if (wind != NULL)
    /* Translators: a seat's heading: "Alice · East · 25 points" */
    text = g_strdup_printf (ngettext ("%s · %s · %d point", "%s · %s · %d points", ABS (score)),
                            name, wind, score);
  else
    /* Translators: a seat's heading: "Alice · 25 points" */
    text = g_strdup_printf (ngettext ("%s · %d point", "%s · %d points", ABS (score)), name, score);
  /* Not colour alone: the seat to play is marked by a sign too. */
  shown = active ? g_strdup_printf (_("▶ %s (to play)"), text) : g_strdup (text);
  gtk_label_set_text (GTK_LABEL (self->heading[seat]), shown);
  if (active)
    gtk_widget_add_css_class (self->heading[seat], "accent");
  else
    gtk_widget_remove_css_class (self->heading[seat], "accent");

  if (seat > 0)
    {
      mahjong_hand_view_set_owner (self->hand[seat], name);
      mahjong_river_view_set_owner (self->river[seat], name);
      mahjong_melds_view_set_owner (self->melds[seat], name);
    }
}

const char *
mahjong_table_view_get_seat_heading (MahjongTableView *self,
                                     guint             seat)
{
  g_return_val_if_fail (MAHJONG_IS_TABLE_VIEW (self), NULL);
  g_return_val_if_fail (seat < self->n_seats, NULL);
  return gtk_label_get_text (GTK_LABEL (self->heading[seat]));
}

MahjongHandView *
mahjong_table_view_get_hand (MahjongTableView *self,
                             guint             seat)
{
  g_return_val_if_fail (MAHJONG_IS_TABLE_VIEW (self), NULL);
  g_return_val_if_fail (seat < self->n_seats, NULL);
  return self->hand[seat];
}

MahjongRiverView *
mahjong_table_view_get_river (MahjongTableView *self,
                              guint             seat)
{
  g_return_val_if_fail (MAHJONG_IS_TABLE_VIEW (self), NULL);
  g_return_val_if_fail (seat < self->n_seats, NULL);
  return self->river[seat];
}

MahjongMeldsView *
mahjong_table_view_get_melds (MahjongTableView *self,
                              guint             seat)
{
  g_return_val_if_fail (MAHJONG_IS_TABLE_VIEW (self), NULL);
  g_return_val_if_fail (seat < self->n_seats, NULL);
  return self->melds[seat];
}

void
mahjong_table_view_set_center (MahjongTableView *self,
                               GtkWidget        *child)
{
  GtkWidget *old;

  g_return_if_fail (MAHJONG_IS_TABLE_VIEW (self));
  g_return_if_fail (child == NULL || GTK_IS_WIDGET (child));

  while ((old = gtk_widget_get_first_child (self->center)) != NULL)
    gtk_box_remove (GTK_BOX (self->center), old);
  if (child != NULL)
    gtk_box_append (GTK_BOX (self->center), child);
}

void
mahjong_table_view_announce (MahjongTableView *self,
                             const char       *text)
{
  g_return_if_fail (MAHJONG_IS_TABLE_VIEW (self));
  g_return_if_fail (text != NULL);

  parlor_screen_announce (self->news, text);
}

const char *
mahjong_table_view_get_news (MahjongTableView *self)
{
  g_return_val_if_fail (MAHJONG_IS_TABLE_VIEW (self), NULL);
  return gtk_label_get_text (self->news);
}

/* The others' draws and deals would only drown out their discards. */
void
mahjong_table_view_announce_event (MahjongTableView *self,
                                   const ParlorLine *event,
                                   int               viewer,
                                   const char       *words)
{
  const char *type;
  gint64 seat = -1;

  g_return_if_fail (MAHJONG_IS_TABLE_VIEW (self));
  g_return_if_fail (event != NULL);

  if (words == NULL || *words == '\0')
    return;
  type = parlor_line_get_type (event);
  parlor_line_get_int (event, "seat", 0, G_MAXINT, &seat, NULL);
  if (g_str_equal (type, "answered") ||
      ((seat < 0 || seat != viewer) && (g_str_equal (type, "draw") || g_str_equal (type, "deal"))))
    return;
  mahjong_table_view_announce (self, words);
}

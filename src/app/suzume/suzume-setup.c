/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "suzume-setup"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "suzume-game.h"
#include "suzume-setup.h"

#define N_COMPUTERS 4

struct _SuzumeSetup
{
  ParlorSetup    parent_instance;

  AdwComboRow   *players_row;
  AdwComboRow   *deals_row;
  AdwComboRow   *level_rows[N_COMPUTERS];
};

G_DEFINE_FINAL_TYPE (SuzumeSetup, suzume_setup, PARLOR_TYPE_SETUP)

static void
update_rows (SuzumeSetup *self)
{
  guint n = suzume_setup_get_n_seats (self);

  for (guint i = 0; i < N_COMPUTERS; i++)
    gtk_widget_set_visible (GTK_WIDGET (self->level_rows[i]), i + 1 < n);
}

/* The strength for all sets every seat's. */
static void
on_strength_changed (SuzumeSetup *self)
{
  guint strength = parlor_setup_get_strength (PARLOR_SETUP (self));

  for (guint i = 0; i < N_COMPUTERS; i++)
    adw_combo_row_set_selected (self->level_rows[i], strength);
}

static char *
make_config (ParlorSetup *setup,
             gboolean     hosted)
{
  return suzume_setup_make_config (SUZUME_SETUP (setup));
}

static void
suzume_setup_class_init (SuzumeSetupClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  PARLOR_SETUP_CLASS (klass)->game_info = &suzume_game_info;
  PARLOR_SETUP_CLASS (klass)->claim_time = TRUE;
  PARLOR_SETUP_CLASS (klass)->make_config = make_config;
  parlor_setup_class_set_template (widget_class, "/io/github/parlorgames/Parlor/suzume/suzume-setup.ui");
  gtk_widget_class_bind_template_child (widget_class, SuzumeSetup, players_row);
  gtk_widget_class_bind_template_child (widget_class, SuzumeSetup, deals_row);
  gtk_widget_class_bind_template_child_full (widget_class, "level_row_1", FALSE,
                                             G_STRUCT_OFFSET (SuzumeSetup, level_rows[0]));
  gtk_widget_class_bind_template_child_full (widget_class, "level_row_2", FALSE,
                                             G_STRUCT_OFFSET (SuzumeSetup, level_rows[1]));
  gtk_widget_class_bind_template_child_full (widget_class, "level_row_3", FALSE,
                                             G_STRUCT_OFFSET (SuzumeSetup, level_rows[2]));
  gtk_widget_class_bind_template_child_full (widget_class, "level_row_4", FALSE,
                                             G_STRUCT_OFFSET (SuzumeSetup, level_rows[3]));
  gtk_widget_class_bind_template_callback (widget_class, update_rows);

  gtk_widget_class_set_css_name (widget_class, "suzume-setup");
}

static void
suzume_setup_init (SuzumeSetup *self)
{
  g_autoptr(GListModel) strengths = parlor_strength_list_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  /* The titles reuse the name the seats get at the table; the choices are
   * the strengths' words. */
  for (guint i = 0; i < N_COMPUTERS; i++)
    {
      g_autofree char *name = g_strdup_printf (_("Computer %u"), i + 1);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->level_rows[i]), name);
      adw_combo_row_set_model (self->level_rows[i], strengths);
    }
  on_strength_changed (self);
  g_signal_connect (self, "notify::strength", G_CALLBACK (on_strength_changed), NULL);
  update_rows (self);
}

guint
suzume_setup_get_n_seats (SuzumeSetup *self)
{
  g_return_val_if_fail (SUZUME_IS_SETUP (self), 4);
  return MIN (adw_combo_row_get_selected (self->players_row), 3) + 2;
}

void
suzume_setup_set_n_seats (SuzumeSetup *self,
                          guint        n_seats)
{
  g_return_if_fail (SUZUME_IS_SETUP (self));
  adw_combo_row_set_selected (self->players_row, CLAMP (n_seats, 2, 5) - 2);
}

guint
suzume_setup_get_deals (SuzumeSetup *self)
{
  static const guint deals[] = { 1, 2, 4 };

  g_return_val_if_fail (SUZUME_IS_SETUP (self), 1);
  return deals[MIN (adw_combo_row_get_selected (self->deals_row), 2)];
}

const char *
suzume_setup_get_level (SuzumeSetup *self,
                        guint        seat)
{
  guint strength;

  g_return_val_if_fail (SUZUME_IS_SETUP (self), "normal");
  g_return_val_if_fail (seat >= 1 && seat <= N_COMPUTERS, "normal");

  strength = MIN (adw_combo_row_get_selected (self->level_rows[seat - 1]), PARLOR_STRENGTH_MAX);
  return parlor_game_info_level_for_strength (&suzume_game_info, strength);
}

void
suzume_setup_set_levels (SuzumeSetup *self,
                         const char  *level)
{
  g_return_if_fail (SUZUME_IS_SETUP (self));

  g_object_set (self, "level", level, NULL);
  /* Seats changed one by one follow too. */
  if (g_strcmp0 (parlor_setup_get_level (PARLOR_SETUP (self)), level) == 0)
    on_strength_changed (self);
}

char *
suzume_setup_make_config (SuzumeSetup *self)
{
  g_return_val_if_fail (SUZUME_IS_SETUP (self), NULL);
  return g_strdup_printf ("seats=%u deals=%u dealer=random",
                          suzume_setup_get_n_seats (self), suzume_setup_get_deals (self));
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "suzume-setup"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "suzume-setup.h"

#define N_COMPUTERS 4

static const char * const level_ids[] = { "random", "normal", "strong", NULL };

struct _SuzumeSetup
{
  GtkWidget      parent_instance;

  GtkWidget     *start_button;
  AdwComboRow   *players_row;
  AdwComboRow   *deals_row;
  AdwComboRow   *level_rows[N_COMPUTERS];
};

G_DEFINE_FINAL_TYPE (SuzumeSetup, suzume_setup, GTK_TYPE_WIDGET)

static void
update_rows (SuzumeSetup *self)
{
  guint n = suzume_setup_get_n_seats (self);

  for (guint i = 0; i < N_COMPUTERS; i++)
    gtk_widget_set_visible (GTK_WIDGET (self->level_rows[i]), i + 1 < n);
}

static gboolean
suzume_setup_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (SUZUME_SETUP (widget)->start_button);
}

static void
suzume_setup_dispose (GObject *object)
{
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (object), SUZUME_TYPE_SETUP);
  /* The template's top widget is not bound, so not unparented above. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (suzume_setup_parent_class)->dispose (object);
}

static void
suzume_setup_class_init (SuzumeSetupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = suzume_setup_dispose;
  widget_class->grab_focus = suzume_setup_grab_focus;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/parlorgames/Parlor/suzume/suzume-setup.ui");
  gtk_widget_class_bind_template_child (widget_class, SuzumeSetup, start_button);
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

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "suzume-setup");
}

static void
suzume_setup_init (SuzumeSetup *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The titles reuse the name the seats get at the table. */
  for (guint i = 0; i < N_COMPUTERS; i++)
    {
      g_autofree char *name = g_strdup_printf (_("Computer %u"), i + 1);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->level_rows[i]), name);
    }
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
  g_return_val_if_fail (SUZUME_IS_SETUP (self), "normal");
  g_return_val_if_fail (seat >= 1 && seat <= N_COMPUTERS, "normal");
  return level_ids[MIN (adw_combo_row_get_selected (self->level_rows[seat - 1]), 2)];
}

void
suzume_setup_set_levels (SuzumeSetup *self,
                         const char  *level)
{
  g_return_if_fail (SUZUME_IS_SETUP (self));
  for (guint l = 0; level_ids[l] != NULL; l++)
    if (g_strcmp0 (level, level_ids[l]) == 0)
      for (guint i = 0; i < N_COMPUTERS; i++)
        adw_combo_row_set_selected (self->level_rows[i], l);
}

char *
suzume_setup_make_config (SuzumeSetup *self)
{
  g_return_val_if_fail (SUZUME_IS_SETUP (self), NULL);
  return g_strdup_printf ("seats=%u deals=%u dealer=random",
                          suzume_setup_get_n_seats (self), suzume_setup_get_deals (self));
}

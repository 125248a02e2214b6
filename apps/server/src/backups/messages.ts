import { BACKUP_MISSING_AFTER_HOURS, formatDisplayDate, type Language } from '@rustico/core';
import type { Renderers } from '../deliveries/service.ts';
import type { MailContent } from '../mail/layout.ts';
import { publicBaseUrl } from '../mail/links.ts';
import { mailTexts } from '../mail/texts.ts';
import { alertStillDue } from './service.ts';

interface AlertTexts {
  failedSubject: string;
  failed: (day: string, error: string) => string;
  missingSubject: string;
  missing: (last: string | null) => string;
  advice: string;
  action: string;
}

const texts: Record<Language, AlertTexts> = {
  it: {
    failedSubject: 'Backup del Rustico non riuscito',
    failed: (day, error) => `Il backup automatico del ${day} non è riuscito: ${error}. Verrà ritentato tra un'ora.`,
    missingSubject: `Nessun backup del Rustico da ${BACKUP_MISSING_AFTER_HOURS} ore`,
    missing: (last) => (last ? `L'ultimo backup riuscito è del ${last}: da allora nessuno.` : 'Non è ancora stato fatto nessun backup automatico.'),
    advice: 'I dati sono nel database, ma senza una copia recente un guasto del disco li perderebbe: controlla lo spazio libero e la cartella dei backup (BACKUP_DIR), o fai un backup a mano con «npm run cli -- backup».',
    action: 'Apri Impostazioni',
  },
  de: {
    failedSubject: 'Sicherung des Rustico fehlgeschlagen',
    failed: (day, error) => `Die automatische Sicherung vom ${day} ist fehlgeschlagen: ${error}. Sie wird in einer Stunde wiederholt.`,
    missingSubject: `Seit ${BACKUP_MISSING_AFTER_HOURS} Stunden keine Sicherung des Rustico`,
    missing: (last) => (last ? `Die letzte gelungene Sicherung ist vom ${last}: seither keine.` : 'Es wurde noch keine automatische Sicherung gemacht.'),
    advice: 'Die Daten liegen in der Datenbank, aber ohne frische Kopie wären sie bei einem Festplattenschaden verloren: Prüfe den freien Platz und den Sicherungsordner (BACKUP_DIR) oder sichere von Hand mit «npm run cli -- backup».',
    action: 'Einstellungen öffnen',
  },
  en: {
    failedSubject: 'Rustico backup failed',
    failed: (day, error) => `The automatic backup of ${day} failed: ${error}. It will be tried again in an hour.`,
    missingSubject: `No Rustico backup for ${BACKUP_MISSING_AFTER_HOURS} hours`,
    missing: (last) => (last ? `The last good backup is from ${last}: none since.` : 'No automatic backup has been made yet.'),
    advice: 'The data is in the database, but without a recent copy a failing disk would lose it: check the free space and the backup folder (BACKUP_DIR), or back up by hand with “npm run cli -- backup”.',
    action: 'Open Settings',
  },
  fr: {
    failedSubject: 'Sauvegarde du Rustico échouée',
    failed: (day, error) => `La sauvegarde automatique du ${day} a échoué: ${error}. Elle sera retentée dans une heure.`,
    missingSubject: `Aucune sauvegarde du Rustico depuis ${BACKUP_MISSING_AFTER_HOURS} heures`,
    missing: (last) => (last ? `La dernière sauvegarde réussie date du ${last}: aucune depuis.` : "Aucune sauvegarde automatique n'a encore été faite."),
    advice: "Les données sont dans la base, mais sans copie récente une panne du disque les perdrait: vérifie l'espace libre et le dossier des sauvegardes (BACKUP_DIR), ou sauvegarde à la main avec «npm run cli -- backup».",
    action: 'Ouvrir les Réglages',
  },
};

/** The admins' alerts of a failed or missing backup (registered in parts.ts). */
export const backupRenderers: Renderers = {
  'backup-alert': async (ctx, user, language, job) => {
    if (!(await alertStillDue(ctx, job.problem, job.day))) return null;
    const t = texts[language];
    const m = mailTexts(language);
    const day = job.day === 'never' ? null : formatDisplayDate(job.day);
    const mail: MailContent = {
      greeting: m.greeting(user.name),
      subject: job.problem === 'failed' ? t.failedSubject : t.missingSubject,
      paragraphs: [job.problem === 'failed' ? t.failed(day ?? job.day, job.error ?? '?') : t.missing(day), t.advice],
      button: { label: t.action, url: `${publicBaseUrl(ctx.config)}/app/impostazioni` },
      footer: [m.footerKind.reminders, m.unsubscribe],
    };
    const body = mail.paragraphs[0]!;
    return { mail, push: { title: mail.subject, body: body.length > 160 ? `${body.slice(0, 159)}…` : body, url: '/app/impostazioni' } };
  },
};

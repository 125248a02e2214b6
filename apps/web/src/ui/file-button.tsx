import { useId } from 'react';
import { Camera } from 'lucide-react';
import { buttonClass } from './button.tsx';
import styles from './file-button.module.css';

export interface FileButtonProps {
  label: string;
  accept: string;
  file: File | null;
  onChange: (file: File | null) => void;
}

/** A file picker drawn as an outlined button (the browser's own speaks its language, not the page's), with the chosen file's name. */
export function FileButton({ label, accept, file, onChange }: FileButtonProps) {
  const id = useId();
  return (
    <div className={styles.picker}>
      <input id={id} type="file" accept={accept} className={styles.input} onChange={(event) => onChange(event.target.files?.[0] ?? null)} />
      <label htmlFor={id} className={buttonClass({ variant: 'outlined' })}>
        <Camera size={18} aria-hidden="true" />
        {label}
      </label>
      {file ? <span className={styles.name}>{file.name}</span> : null}
    </div>
  );
}

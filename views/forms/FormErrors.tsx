import type { FormError } from '../../src/shared/forms';

/** What a packet lacks, by form, part and item, as the paralegal finds them on the forms. */
export function FormErrors({ errors }: { errors: FormError[] }) {
  return (
    <div className="table-wrap">
      <table className="data-table form-errors">
        <caption>{`${errors.length === 1 ? '1 problem' : `${errors.length} problems`} to correct`}</caption>
        <thead>
          <tr>
            <th scope="col">Form</th>
            <th scope="col">Part</th>
            <th scope="col">Item</th>
            <th scope="col">What to do</th>
          </tr>
        </thead>
        <tbody>
          {errors.map((e, i) => (
            <tr key={i}>
              <td>{e.form}</td>
              <td>{e.part}</td>
              <td>{e.item}</td>
              <td>{e.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

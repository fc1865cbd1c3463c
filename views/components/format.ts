/** 'pending' → 'Pending': stored words as a person reads them in a list or an option. */
export const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** An ISO timestamp as 'yyyy-mm-dd hh:mm UTC': the server does not know the reader's time zone. */
export const dateTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

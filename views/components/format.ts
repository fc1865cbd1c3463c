/** 'pending' → 'Pending': stored words as a person reads them in a list or an option. */
export const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

import { fireEvent, render, screen } from '@testing-library/react';
import { TextField } from './text-field';

describe('TextField', () => {
  it('associates the label with the input and passes props through', () => {
    const onChange = jest.fn();
    render(<TextField label="Email" name="email" type="email" value="" onChange={onChange} autoComplete="email" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('name', 'email');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('autocomplete', 'email');
    expect(input).not.toHaveAttribute('aria-invalid');
    fireEvent.change(input, { target: { value: 'ada@example.com' } });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('links the hint through aria-describedby', () => {
    render(<TextField label="Password" name="password" type="password" hint="At least 8 characters." />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAccessibleDescription('At least 8 characters.');
  });

  it('marks the input invalid and describes it with the error (without role="alert")', () => {
    render(<TextField label="Email" name="email" hint="We never share it." error="Enter a valid email address." />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    const error = screen.getByText('Enter a valid email address.').closest('p');
    expect(error).not.toBeNull();
    expect(describedBy.split(' ')).toContain(error?.id);
    expect(input).toHaveAccessibleDescription('We never share it. Enter a valid email address.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('gives each field a unique id', () => {
    render(
      <>
        <TextField label="First" name="a" />
        <TextField label="Second" name="b" />
      </>,
    );
    expect(screen.getByLabelText('First').id).not.toBe(screen.getByLabelText('Second').id);
  });
});

import camilaSosa from '../../assets/team/camila-sosa.svg';
import diegoAlvarez from '../../assets/team/diego-alvarez.svg';
import joaquinRomero from '../../assets/team/joaquin-romero.svg';
import luciaFernandez from '../../assets/team/lucia-fernandez.svg';
import martinGomez from '../../assets/team/martin-gomez.svg';
import nicolasHerrera from '../../assets/team/nicolas-herrera.svg';
import paulaMedina from '../../assets/team/paula-medina.svg';
import sofiaRamirez from '../../assets/team/sofia-ramirez.svg';
import valentinaTorres from '../../assets/team/valentina-torres.svg';

export interface TeamMember {
  name: string;
  role: string;
  photo: string;
  github: string;
  linkedin: string;
  /** The one card the spec labels 'Mencion Especial para:'. */
  specialMention?: boolean;
}

export const teamMembers: TeamMember[] = [
  {
    name: 'Lucía Fernández',
    role: 'Full Stack Developer',
    photo: luciaFernandez,
    github: 'https://github.com/lucia-fernandez-dev',
    linkedin: 'https://www.linkedin.com/in/lucia-fernandez-dev',
  },
  {
    name: 'Martín Gómez',
    role: 'Full Stack Developer',
    photo: martinGomez,
    github: 'https://github.com/martin-gomez-dev',
    linkedin: 'https://www.linkedin.com/in/martin-gomez-dev',
  },
  {
    name: 'Sofía Ramírez',
    role: 'Frontend Developer',
    photo: sofiaRamirez,
    github: 'https://github.com/sofia-ramirez-dev',
    linkedin: 'https://www.linkedin.com/in/sofia-ramirez-dev',
  },
  {
    name: 'Diego Álvarez',
    role: 'Backend Developer',
    photo: diegoAlvarez,
    github: 'https://github.com/diego-alvarez-dev',
    linkedin: 'https://www.linkedin.com/in/diego-alvarez-dev',
  },
  {
    name: 'Valentina Torres',
    role: 'Frontend Developer',
    photo: valentinaTorres,
    github: 'https://github.com/valentina-torres-dev',
    linkedin: 'https://www.linkedin.com/in/valentina-torres-dev',
  },
  {
    name: 'Nicolás Herrera',
    role: 'Backend Developer',
    photo: nicolasHerrera,
    github: 'https://github.com/nicolas-herrera-dev',
    linkedin: 'https://www.linkedin.com/in/nicolas-herrera-dev',
  },
  {
    name: 'Camila Sosa',
    role: 'Full Stack Developer',
    photo: camilaSosa,
    github: 'https://github.com/camila-sosa-dev',
    linkedin: 'https://www.linkedin.com/in/camila-sosa-dev',
  },
  {
    name: 'Joaquín Romero',
    role: 'Full Stack Developer',
    photo: joaquinRomero,
    github: 'https://github.com/joaquin-romero-dev',
    linkedin: 'https://www.linkedin.com/in/joaquin-romero-dev',
  },
  {
    name: 'Paula Medina',
    role: 'Teaching Assistant',
    photo: paulaMedina,
    github: 'https://github.com/paula-medina-dev',
    linkedin: 'https://www.linkedin.com/in/paula-medina-dev',
    specialMention: true,
  },
];
